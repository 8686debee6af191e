/**
 * The Protokoll as an admin reads it (docs/decisions/0027): the areas its
 * filter offers, German labels for the fields of the before/after records,
 * and their values in German (dates, euros, yes/no, the products' words).
 * A field or value it does not know is shown by its key, as it is: a new
 * kind of entry never breaks the page.
 */
import { COMMISSION_MODELS, PACKAGE_OPTIONS, VERIFY_STATUS_LABELS } from './catalog';
import { formatDateTime, formatEuro, formatIsoDay } from './format';
import { TAX_STATUS_LABELS } from './schemas/vendor-profile';

/** The filter's areas, each with the audit entities ("entity") it covers. */
export const AUDIT_AREAS = [
  { id: 'vertraege', label: 'Verträge', entities: ['contract'] },
  { id: 'buchungen', label: 'Buchungen', entities: ['booking'] },
  { id: 'mietfaecher', label: 'Mietfächer', entities: ['mietfach'] },
  { id: 'benutzer', label: 'Benutzer', entities: ['vendor', 'admin'] },
  { id: 'einstellungen', label: 'Einstellungen', entities: ['settings', 'billing_settings'] },
  { id: 'inhalte', label: 'Inhalte (FAQ, Tags)', entities: ['faq', 'tag'] },
  { id: 'mails', label: 'E-Mail-Vorlagen', entities: ['email-template'] },
  { id: 'newsletter', label: 'Newsletter', entities: ['newsletter'] },
  { id: 'kontakt', label: 'Kontaktanfragen', entities: ['contact'] },
  { id: 'wettbewerb', label: 'Wettbewerb', entities: ['contest'] },
  { id: 'produkte', label: 'Produkte', entities: ['product'] },
  { id: 'inventur', label: 'Inventur', entities: ['inventory-count', 'stock'] },
  { id: 'kasse', label: 'Kasse und Verkäufe', entities: ['pos_key', 'sales_line'] },
] as const;
export type AuditAreaId = (typeof AUDIT_AREAS)[number]['id'];
export const AUDIT_AREA_IDS = AUDIT_AREAS.map((area) => area.id) as [AuditAreaId, ...AuditAreaId[]];

/** The area an entry belongs to ('Verträge' …), or its entity as it is. */
export function auditAreaLabel(entity: string): string {
  return (
    AUDIT_AREAS.find((area) => (area.entities as readonly string[]).includes(entity))?.label ??
    entity
  );
}

/** German labels of the fields that before/after records hold. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  // contracts, bookings, rental units
  status: 'Status',
  validFrom: 'Gültig ab',
  provisionType: 'Provisionsmodell',
  monthlyPriceCents: 'Monatsmiete',
  priceCents: 'Preis',
  zusatzleistungen: 'Zusatzleistungen',
  lagerservice: 'Lagerservice',
  versandservice: 'Versandservice',
  mietfaecher: 'Mietfächer',
  units: 'Mietfächer',
  contract: 'Vertrag',
  reason: 'Grund',
  actorName: 'Geändert von',
  endDate: 'Ende',
  kind: 'Art',
  noticeDate: 'Kündigung vom',
  name: 'Name',
  optionId: 'Art des Mietfachs',
  standort: 'Standort',
  groesse: 'Größe',
  beschreibung: 'Beschreibung',
  isActive: 'Aktiv',
  activated: 'Gestartete Verträge',
  ended: 'Beendete Verträge',
  mails: 'E-Mails',
  // goods in
  day: 'Tag',
  what: 'Ware',
  quantity: 'Menge',
  storedAt: 'Lagerort',
  // producers and admins
  verifyStatus: 'Verifizierung',
  isPublic: 'Profil freigegeben',
  locked: 'Gesperrt',
  username: 'Benutzername',
  active: 'Aktiv',
  password: 'Passwort',
  // settings
  shopName: 'Name des Ladens',
  address: 'Adresse',
  strasse: 'Straße',
  hausnummer: 'Hausnummer',
  plz: 'PLZ',
  ort: 'Ort',
  coordinates: 'Koordinaten',
  lat: 'Breite',
  lng: 'Länge',
  phone: 'Telefon',
  email: 'E-Mail',
  openingHours: 'Öffnungszeiten',
  social: 'Soziale Netzwerke',
  instagram: 'Instagram',
  facebook: 'Facebook',
  tiktok: 'TikTok',
  instagramWidgetUrl: 'Instagram-Widget',
  mapTileUrl: 'Kartenkacheln',
  mapAttribution: 'Kartenhinweis',
  openingDate: 'Eröffnungsdatum',
  contest: 'Wettbewerb',
  closingDate: 'Einsendeschluss',
  legal: 'Impressum',
  operatorName: 'Betreiber',
  ownerName: 'Inhaber',
  legalForm: 'Rechtsform',
  registerEntry: 'Registereintrag',
  vatId: 'USt-IdNr.',
  // the till's sales ("Zu klären")
  taxStatus: 'Steuerstatus',
  contentResponsible: 'Verantwortlich für den Inhalt',
  // contents
  category: 'Kategorie',
  question: 'Frage',
  answer: 'Antwort',
  keywords: 'Stichwörter',
  sortOrder: 'Reihenfolge',
  slug: 'Kurzname',
  icon: 'Symbol',
  color: 'Farbe',
  description: 'Beschreibung',
  vendorCount: 'Direktvermarkter',
  // mails, newsletter, contact, contest
  subject: 'Betreff',
  body: 'Text',
  standard: 'Standardtext',
  audience: 'Empfänger',
  recipients: 'Anzahl Empfänger',
  type: 'Art',
  answers: 'Lösungen',
  bestScore: 'Beste Zahl richtiger Tipps',
  candidates: 'Teilnahmen',
  winner: 'Gewinner',
  // products
  unit: 'Verkaufseinheit',
  vatRate: 'MwSt.-Satz',
  inhalt: 'Inhalt',
  ean: 'EAN',
  // the inventory's counts (a count line) and their corrections
  productName: 'Produkt',
  place: 'Ort',
  expected: 'Erwartet',
  counted: 'Gezählt',
  shrinkage: 'Fehlbestand',
  refundCents: 'Erstattung',
  causedByProducer: 'Vom Direktvermarkter verursacht',
  correctionReason: 'Grund der Korrektur',
  // billing data (Einstellungen → Abrechnung)
  steuernummer: 'Steuernummer',
  ustIdNr: 'USt-IdNr.',
  iban: 'IBAN',
  bic: 'BIC',
  kontoinhaber: 'Kontoinhaber',
  zahlungszielTage: 'Zahlungsziel (Tage)',
  datev: 'DATEV',
  beraternummer: 'Beraternummer',
  mandantennummer: 'Mandantennummer',
  sachkontenlaenge: 'Sachkontenlänge',
  erloeskontoMiete: 'Erlöskonto Miete',
  erloeskontoProvision: 'Erlöskonto Provision',
  debitorenkontoStart: 'Erstes Debitorenkonto',
  verrechnungskonto: 'Verrechnungskonto',
};

/** German words for the values of some fields (statuses, kinds, models). */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  status: {
    pending: 'offen',
    approved: 'bestätigt',
    rejected: 'abgelehnt',
    cancelled: 'storniert',
    scheduled: 'geplant',
    active: 'aktiv',
    ended: 'beendet',
    terminated: 'gekündigt',
    new: 'neu',
    in_progress: 'in Bearbeitung',
    done: 'erledigt',
    confirmed: 'bestätigt',
    unsubscribed: 'abgemeldet',
  },
  kind: {
    vendor: 'Kündigung durch den Direktvermarkter',
    shop: 'Kündigung durch den Laden',
    extraordinary: 'Außerordentliche Kündigung',
  },
  provisionType: Object.fromEntries(COMMISSION_MODELS.map((model) => [model.id, model.name])),
  optionId: Object.fromEntries(PACKAGE_OPTIONS.map((option) => [option.id, option.name])),
  verifyStatus: VERIFY_STATUS_LABELS,
  taxStatus: TAX_STATUS_LABELS,
  type: { customer: 'Kundin/Kunde', vendor: 'Direktvermarkter' },
  audience: { customer: 'Kundschaft', vendor: 'Direktvermarkter', all: 'alle' },
  place: { shelf: 'Regal', storeroom: 'Lager' },
};

export function auditFieldLabel(key: string): string {
  return AUDIT_FIELD_LABELS[key] ?? key;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** One value in German: dates, euros (fields in cents), yes/no, lists, nested records. */
export function auditValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  if (typeof value === 'number') {
    // six decimals: a coordinate's correction (lat/lng) shows, where three would round it away
    return /cents$/i.test(key)
      ? formatEuro(value)
      : value.toLocaleString('de-DE', { maximumFractionDigits: 6 });
  }
  if (typeof value === 'string') {
    if (ISO_DAY.test(value)) return formatIsoDay(value);
    if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
    return VALUE_LABELS[key]?.[value] ?? value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return '–';
    return value
      .map((item) =>
        item && typeof item === 'object' && 'name' in item
          ? `${String((item as { name: unknown }).name)}${
              typeof (item as { priceCents?: unknown }).priceCents === 'number'
                ? ` (${formatEuro((item as { priceCents: number }).priceCents)})`
                : ''
            }`
          : auditValue(key, item),
      )
      .join(', ');
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return '–';
    return entries
      .map(([inner, innerValue]) => `${auditFieldLabel(inner)}: ${auditValue(inner, innerValue)}`)
      .join('; ');
  }
  return String(value);
}

export interface AuditChange {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/**
 * Before and after, field by field, in German. With both records, only the
 * fields that differ; with one, all of its fields. A record that is not an
 * object is one field ("Wert").
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if ((before === null || before === undefined) && (after === null || after === undefined)) {
    return [];
  }
  const b = asRecord(before);
  const a = asRecord(after);
  if ((before != null && !b) || (after != null && !a)) {
    return [
      {
        field: 'value',
        label: 'Wert',
        before: before == null ? null : auditValue('value', before),
        after: after == null ? null : auditValue('value', after),
      },
    ];
  }
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return keys
    .filter((key) => !b || !a || JSON.stringify(b[key]) !== JSON.stringify(a[key]))
    .map((key) => ({
      field: key,
      label: auditFieldLabel(key),
      before: b ? auditValue(key, b[key]) : null,
      after: a ? auditValue(key, a[key]) : null,
    }));
}

/**
 * The entry's line for the list: the stored summary, with its dates in
 * German and the few older summaries that named fields or values by their
 * keys put in words.
 */
export function auditSummary(entry: { action: string; summary: string; after?: unknown }): string {
  let summary = entry.summary;
  const after = asRecord(entry.after);
  if (entry.action === 'settings.update' && after) {
    summary = `Einstellungen geändert: ${Object.keys(after).map(auditFieldLabel).join(', ')}`;
  }
  if (entry.action === 'contact.status' && typeof after?.status === 'string') {
    summary = summary.replace(/Status \S+$/, `Status „${auditValue('status', after.status)}“`);
  }
  return summary.replace(/\b(\d{4})-(\d{2})-(\d{2})\b/g, '$3.$2.$1');
}
