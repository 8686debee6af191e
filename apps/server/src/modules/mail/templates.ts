import { EXTRA_SERVICES, findPackageOption, formatOptionCount } from '@housnkuh/shared/catalog';
import {
  formatEuro,
  formatDateTime,
  formatEuroChange,
  formatIsoDay,
  formatPercent,
  isoDayInBerlin,
} from '@housnkuh/shared/format';
import {
  PRICE_ON_REQUEST_LABEL,
  onlyPricedOnRequest,
  priceWithRequestNote,
  type PricedSelection,
} from '@housnkuh/shared/pricing';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { shopPhase, trialStartText } from '@housnkuh/shared/shop-phase';

/**
 * Every mail the product sends, as a template: subject and body with
 * `{{placeholders}}`, the code's default that an admin may replace at
 * /admin/email-templates (a row of email_templates; render.ts uses it). Each
 * mail function below fills its template's placeholders from its data and
 * answers a draft; enqueueMail renders it with the stored version.
 */

export interface PlaceholderInfo {
  name: string;
  /** What it stands for, shown beside the editor. */
  description: string;
  /** Its value in the preview and the test mail. */
  sample: string;
  /** Several lines: allowed in the body only. */
  bodyOnly?: boolean;
}

export interface MailTemplate {
  key: string;
  /** Its name in the admin's list. */
  title: string;
  /** Who gets it. */
  recipient: string;
  /** When it is sent. */
  occasion: string;
  subject: string;
  /** Paragraphs separated by a blank line; a paragraph that is only the button's placeholder becomes the button. */
  body: string;
  placeholders: readonly PlaceholderInfo[];
  button?: { placeholder: string; label: string };
  /** Placeholders the body must keep (its link). */
  required?: readonly string[];
}

/** A mail to be rendered from its template (render.ts) with these values. */
export interface MailDraft {
  template: MailTemplateKey;
  settings: SiteSettings;
  values: Readonly<Record<string, string>>;
}

/** Placeholders every template offers: the shop's data from the settings. */
export const SHOP_PLACEHOLDERS: readonly Omit<PlaceholderInfo, 'sample'>[] = [
  { name: 'laden', description: 'Name des Ladens (Einstellungen)' },
  { name: 'ladenEmail', description: 'E-Mail-Adresse des Ladens' },
  { name: 'ladenTelefon', description: 'Telefonnummer des Ladens' },
  { name: 'ladenAdresse', description: 'Anschrift des Ladens' },
];

export function shopValues(settings: SiteSettings): Record<string, string> {
  const a = settings.address;
  return {
    laden: settings.shopName,
    ladenEmail: settings.email,
    ladenTelefon: settings.phone,
    ladenAdresse: `${a.strasse} ${a.hausnummer}, ${a.plz} ${a.ort}`,
  };
}

const SAMPLE_PACKAGE = [
  '1 × Verkaufsblock Lage A à 35,00 € = 35,00 €',
  '1 × Kühlregal à 50,00 € = 50,00 €',
  '',
  'Provisionsmodell: Premium-Modell (7 % Provision auf den Umsatz)',
  'Mietdauer: 6 Monate',
  'Zwischensumme: 85,00 € im Monat',
  'Rabatt: 5 % (−4,25 €)',
  'Monatlich: 80,75 €',
].join('\n');

const vendorName = {
  name: 'name',
  description: 'Name des Direktvermarkters',
  sample: 'Anna Beispiel',
};
const packagePlaceholder = {
  name: 'paket',
  description: 'Das Paket: Flächen, Zusatzleistungen, Preise',
  sample: SAMPLE_PACKAGE,
  bodyOnly: true,
};

export const MAIL_TEMPLATES = {
  'newsletter-confirm': {
    key: 'newsletter-confirm',
    title: 'Newsletter: Anmeldung bestätigen',
    recipient: 'Abonnent',
    occasion: 'Nach der Anmeldung zum Newsletter (Double-Opt-in)',
    subject: 'Bitte bestätige deine Newsletter-Anmeldung bei {{laden}}',
    body: [
      '{{anrede}}',
      'schön, dass du dich für den Newsletter von {{laden}} interessierst! Damit wir sicher sein können, dass die Anmeldung von dir kommt, bestätige sie bitte mit einem Klick.',
      '{{link}}',
      'Der Link ist {{tage}} Tage gültig. Wenn du dich nicht angemeldet hast, musst du nichts tun: Ohne Bestätigung bekommst du keine weiteren E-Mails von uns.',
    ].join('\n\n'),
    placeholders: [
      {
        name: 'anrede',
        description: '„Hallo Anna,“ oder „Hallo,“ ohne Namen',
        sample: 'Hallo Anna,',
      },
      {
        name: 'link',
        description: 'Bestätigungslink (als Knopf, wenn er allein in einem Absatz steht)',
        sample: 'https://example.org/newsletter/confirm?token=beispiel',
      },
      { name: 'tage', description: 'Wie viele Tage der Link gilt', sample: '7' },
    ],
    button: { placeholder: 'link', label: 'Anmeldung bestätigen' },
    required: ['link'],
  },
  'newsletter-issue': {
    key: 'newsletter-issue',
    title: 'Newsletter',
    recipient: 'Abonnent',
    occasion: 'Beim Versand eines Newsletters (Rahmen um den Text aus „Newsletter“)',
    subject: '{{betreff}}',
    body: [
      '{{anrede}}',
      '{{text}}',
      'Du bekommst diesen Newsletter, weil du dich bei {{laden}} angemeldet hast. Abmelden kannst du dich jederzeit mit einem Klick: {{abmeldelink}}',
    ].join('\n\n'),
    placeholders: [
      {
        name: 'anrede',
        description: '„Hallo Anna,“ oder „Hallo,“ ohne Namen',
        sample: 'Hallo Anna,',
      },
      {
        name: 'betreff',
        description: 'Betreff des Newsletters',
        sample: 'Neu im Laden: Honig vom Frankenwald',
      },
      {
        name: 'text',
        description: 'Text des Newsletters',
        sample: 'ab dieser Woche gibt es bei uns Honig von der Imkerei Beispiel.\n\nSchau vorbei!',
        bodyOnly: true,
      },
      {
        name: 'abmeldelink',
        description: 'Persönlicher Abmeldelink',
        sample: 'https://example.org/newsletter/abmelden?token=beispiel',
      },
    ],
    required: ['abmeldelink'],
  },
  'contact-notification': {
    key: 'contact-notification',
    title: 'Kontaktformular: neue Nachricht',
    recipient: 'Laden',
    occasion: 'Wenn jemand das Kontaktformular abschickt',
    subject: 'Kontaktformular: {{betreff}}',
    body: [
      'Hallo,',
      'über das Kontaktformular der Website ist eine neue Nachricht eingegangen. Mit „Antworten“ schreibst du direkt an {{name}}.',
      'Name: {{name}}\nE-Mail: {{email}}\nTelefon: {{telefon}}\nBetreff: {{betreff}}',
      '{{nachricht}}',
      'Die Nachricht steht auch im Verwaltungsbereich unter „Kontaktanfragen“.',
    ].join('\n\n'),
    placeholders: [
      { name: 'name', description: 'Name des Absenders', sample: 'Max Mustermann' },
      { name: 'email', description: 'E-Mail-Adresse des Absenders', sample: 'max@example.org' },
      { name: 'telefon', description: 'Telefon des Absenders oder „–“', sample: '09261 12345' },
      {
        name: 'betreff',
        description: 'Betreff der Nachricht',
        sample: 'Frage zu den Öffnungszeiten',
      },
      {
        name: 'nachricht',
        description: 'Die Nachricht',
        sample: 'Habt ihr auch sonntags geöffnet?',
        bodyOnly: true,
      },
    ],
  },
  'contact-confirmation': {
    key: 'contact-confirmation',
    title: 'Kontaktformular: Eingangsbestätigung',
    recipient: 'Absender',
    occasion: 'An den Absender, wenn er um eine Bestätigung gebeten hat',
    subject: 'Deine Nachricht an {{laden}}',
    body: [
      'Hallo {{name}},',
      'vielen Dank für deine Nachricht! Sie ist bei uns angekommen, und wir melden uns so schnell wie möglich bei dir – in der Regel innerhalb von 24 Stunden.',
      'Falls es eilt, erreichst du uns auch telefonisch unter {{ladenTelefon}}.',
      'Du hast uns nicht geschrieben? Dann hat jemand deine E-Mail-Adresse eingegeben; du musst nichts tun.',
    ].join('\n\n'),
    placeholders: [{ name: 'name', description: 'Name des Absenders', sample: 'Max Mustermann' }],
  },
  'contact-reply': {
    key: 'contact-reply',
    title: 'Antwort auf eine Kontaktanfrage',
    recipient: 'Absender',
    occasion: 'Wenn ein Admin unter „Kontaktanfragen“ antwortet',
    subject: '{{betreff}}',
    body: ['Hallo {{name}},', '{{text}}', 'Du hattest uns geschrieben:\n{{zitat}}'].join('\n\n'),
    placeholders: [
      { name: 'name', description: 'Name des Absenders', sample: 'Max Mustermann' },
      {
        name: 'betreff',
        description: 'Betreff der Antwort',
        sample: 'Re: Frage zu den Öffnungszeiten',
      },
      {
        name: 'text',
        description: 'Text der Antwort',
        sample: 'ja, der Laden ist täglich von 5 bis 23 Uhr offen.',
        bodyOnly: true,
      },
      {
        name: 'zitat',
        description: 'Die ursprüngliche Nachricht, jede Zeile mit „> “',
        sample: '> Habt ihr auch sonntags geöffnet?',
        bodyOnly: true,
      },
    ],
  },
  'contest-confirmation': {
    key: 'contest-confirmation',
    title: 'Wettbewerb: Teilnahmebestätigung',
    recipient: 'Teilnehmer',
    occasion: 'Nach der Teilnahme am Wettbewerb „Errate unsere Direktvermarkter!“',
    subject: 'Deine Teilnahme am Direktvermarkter-Wettbewerb von {{laden}}',
    body: [
      'Hallo {{name}},',
      'vielen Dank, dass du beim Wettbewerb „Errate unsere Direktvermarkter!“ mitmachst. Deine Tipps:',
      '{{tipps}}',
      '{{einsendeschluss}} Unter allen richtigen Tipps verlosen wir einen 50-€-Gutschein; wer gewinnt, erfährt es per E-Mail.',
      'Du hast nicht teilgenommen? Dann hat jemand deine E-Mail-Adresse eingegeben. Schreib uns kurz, dann löschen wir den Eintrag.',
    ].join('\n\n'),
    placeholders: [
      { name: 'name', description: 'Name des Teilnehmers', sample: 'Max Mustermann' },
      {
        name: 'tipps',
        description: 'Die drei Tipps, nummeriert',
        sample: '1. Imkerei Beispiel\n2. Hofkäserei Muster\n3. Obsthof Probe',
        bodyOnly: true,
      },
      {
        name: 'einsendeschluss',
        description: 'Satz zum Einsendeschluss',
        sample: 'Mitmachen kannst du bis zur Eröffnung des Ladens.',
      },
    ],
  },
  'vendor-confirm': {
    key: 'vendor-confirm',
    title: 'Registrierung: E-Mail-Adresse bestätigen',
    recipient: 'Direktvermarkter',
    occasion:
      'Nach der Registrierung oder Vor-Registrierung, und wenn der Link erneut angefordert wird',
    subject: 'Deine {{art}} bei {{laden}}: bitte E-Mail-Adresse bestätigen',
    body: [
      'Hallo {{name}},',
      'vielen Dank für deine {{art}} als Direktvermarkter bei {{laden}}! Bitte bestätige zuerst deine E-Mail-Adresse, dann kannst du dich anmelden.',
      '{{link}}',
      'Der Link ist 24 Stunden gültig.',
      '{{paket}}',
      'Wie geht es weiter? Wir melden uns innerhalb von 2 Werktagen bei dir und {{weiter}}. {{probemonat}}',
      'Du hast dich nicht registriert? Dann hat jemand deine E-Mail-Adresse eingegeben; ohne Bestätigung wird das Konto nicht aktiv.',
    ].join('\n\n'),
    placeholders: [
      vendorName,
      {
        name: 'art',
        description: '„Registrierung“ oder „Vor-Registrierung“',
        sample: 'Registrierung',
      },
      {
        name: 'link',
        description: 'Bestätigungslink (als Knopf, wenn er allein in einem Absatz steht)',
        sample: 'https://example.org/vendor/confirm?token=beispiel',
      },
      {
        ...packagePlaceholder,
        description: '„Dein gewähltes Paket:“ mit dem Paket, leer ohne Paket',
        sample: `Dein gewähltes Paket:\n${SAMPLE_PACKAGE}`,
      },
      {
        name: 'weiter',
        description: 'Der nächste Schritt: Mietfach suchen oder Fläche planen',
        sample: 'suchen ein passendes freies Mietfach',
      },
      {
        name: 'probemonat',
        description: 'Wann der Probemonat beginnt (aus dem Eröffnungsdatum)',
        sample: 'Dein kostenloser Probemonat beginnt mit der Eröffnung des Ladens.',
      },
    ],
    button: { placeholder: 'link', label: 'E-Mail-Adresse bestätigen' },
    required: ['link'],
  },
  'booking-notification': {
    key: 'booking-notification',
    title: 'Neue Buchungsanfrage',
    recipient: 'Laden',
    occasion: 'Bei einer Registrierung, Vor-Registrierung oder zusätzlichen Buchung',
    subject: '{{was}}: {{firma}}',
    body: [
      'Hallo,',
      '{{was}} von {{absender}}. Bitte innerhalb von 2 Werktagen melden und {{aufgabe}}.',
      '{{paket}}',
      '{{anmerkungen}}',
      'Die Anfrage steht im Verwaltungsbereich unter „Buchungsanfragen“.',
    ].join('\n\n'),
    placeholders: [
      {
        name: 'was',
        description: '„Neue Registrierung“, „Neue Vor-Registrierung“ oder „Zusätzliche Buchung“',
        sample: 'Neue Registrierung',
      },
      {
        name: 'firma',
        description: 'Unternehmen, sonst Name des Direktvermarkters',
        sample: 'Imkerei Beispiel',
      },
      {
        name: 'absender',
        description: 'Name, Unternehmen, E-Mail und Telefon',
        sample: 'Anna Beispiel (Imkerei Beispiel), anna@example.org, Tel. 09261 12345',
      },
      {
        name: 'aufgabe',
        description: 'Was zu tun ist: Mietfach zuweisen oder Fläche planen',
        sample: 'ein Mietfach zuweisen',
      },
      {
        ...packagePlaceholder,
        description: 'Das Paket, oder ein Hinweis, dass noch keines gewählt ist',
      },
      {
        name: 'anmerkungen',
        description: '„Anmerkungen: …“ des Direktvermarkters, sonst leer',
        sample: 'Anmerkungen: Am liebsten ein Fach auf Augenhöhe.',
        bodyOnly: true,
      },
    ],
  },
  'booking-approved': {
    key: 'booking-approved',
    title: 'Buchung bestätigt',
    recipient: 'Direktvermarkter',
    occasion: 'Wenn ein Admin unter „Offene Buchungen“ eine Buchung mit Mietfächern bestätigt',
    subject: 'Deine Buchung bei {{laden}} ist bestätigt (Vertrag {{vertrag}})',
    body: [
      'Hallo {{name}},',
      'gute Nachrichten: Wir haben deine Buchung bestätigt. Deine Mietfächer:',
      '{{mietfaecher}}',
      'Vertrag {{vertrag}}, Beginn am {{beginn}}. {{probemonat}}',
      'Alles Weitere findest du in deinem Konto unter „Meine Buchungen“: {{kontolink}}',
    ].join('\n\n'),
    placeholders: [
      vendorName,
      { name: 'vertrag', description: 'Vertragsnummer', sample: 'V-2026-0001' },
      {
        name: 'mietfaecher',
        description: 'Die Mietfächer mit Preisen, Zusatzleistungen und dem Monatspreis',
        sample:
          'A1 (Verkaufsblock Lage A): 35,00 € im Monat\nK1 (Kühlregal): 50,00 € im Monat\n\nMonatlich: 80,75 € (Premium-Modell, 7 % Provision auf den Umsatz)',
        bodyOnly: true,
      },
      { name: 'beginn', description: 'Vertragsbeginn', sample: '01.08.2026' },
      {
        name: 'probemonat',
        description: 'Der Probemonat dieses Vertrags (Daten, oder wann er beginnt)',
        sample: 'Dein kostenloser Probemonat läuft vom 01.08.2026 bis 30.08.2026.',
      },
      {
        name: 'kontolink',
        description: 'Link zu „Meine Buchungen“',
        sample: 'https://example.org/vendor/meine-buchungen',
      },
    ],
  },
  'booking-rejected': {
    key: 'booking-rejected',
    title: 'Buchung abgelehnt',
    recipient: 'Direktvermarkter',
    occasion: 'Wenn ein Admin unter „Offene Buchungen“ eine Buchung ablehnt',
    subject: 'Deine Buchungsanfrage bei {{laden}}',
    body: [
      'Hallo {{name}},',
      'vielen Dank für deine Buchungsanfrage vom {{datum}}. Leider können wir sie nicht annehmen.',
      'Der Grund: {{grund}}',
      'Bei Fragen antworte einfach auf diese E-Mail oder ruf uns an: {{ladenTelefon}}.',
    ].join('\n\n'),
    placeholders: [
      vendorName,
      { name: 'datum', description: 'Tag der Anfrage', sample: '12.06.2026' },
      {
        name: 'grund',
        description: 'Begründung des Admins',
        sample: 'Alle Kühlfächer sind bis Jahresende vergeben.',
        bodyOnly: true,
      },
    ],
  },
  'contract-terminated': {
    key: 'contract-terminated',
    title: 'Vertrag gekündigt',
    recipient: 'Direktvermarkter',
    occasion:
      'Wenn eine Kündigung eines Vertrags eingetragen wird (durch den Direktvermarkter oder den Laden)',
    subject: 'Dein Vertrag {{vertrag}} bei {{laden}} endet am {{ende}}',
    body: [
      'Hallo {{name}},',
      '{{wer}} Dein Vertrag {{vertrag}} ({{mietfaecher}}) endet am {{ende}}.',
      '{{grund}}',
      'Bitte räume deine Mietfächer innerhalb von 3 Werktagen nach dem Vertragsende. Bei Fragen erreichst du uns unter {{ladenTelefon}}.',
    ].join('\n\n'),
    placeholders: [
      vendorName,
      { name: 'vertrag', description: 'Vertragsnummer', sample: 'V-2026-0001' },
      { name: 'mietfaecher', description: 'Die Mietfächer des Vertrags', sample: 'A1, K1' },
      { name: 'ende', description: 'Letzter Vertragstag', sample: '30.11.2026' },
      {
        name: 'wer',
        description: 'Wer gekündigt hat, und wann',
        sample: 'Wir haben deine Kündigung vom 02.11.2026 erhalten.',
      },
      {
        name: 'grund',
        description: '„Grund: …“, wenn einer angegeben ist, sonst leer',
        sample: '',
        bodyOnly: true,
      },
    ],
  },
  'trial-ending': {
    key: 'trial-ending',
    title: 'Probemonat endet bald',
    recipient: 'Direktvermarkter',
    occasion: '7 Tage und 1 Tag vor dem Ende des Probemonats',
    subject: 'Dein Probemonat bei {{laden}} endet {{wann}}',
    body: [
      'Hallo {{name}},',
      'dein kostenloser Probemonat (Vertrag {{vertrag}}) endet am {{ende}}. Danach läuft dein Vertrag wie gebucht weiter: {{preis}} im Monat, Mindestlaufzeit bis {{mindestlaufzeit}}.',
      'Möchtest du nicht weitermachen? Dann kannst du bis zum {{ende}} in deinem Konto unter „Kündigen“ sofort beenden: {{kontolink}}',
    ].join('\n\n'),
    placeholders: [
      vendorName,
      { name: 'vertrag', description: 'Vertragsnummer', sample: 'V-2026-0001' },
      { name: 'wann', description: '„in 7 Tagen“ oder „morgen“', sample: 'in 7 Tagen' },
      { name: 'ende', description: 'Letzter Tag des Probemonats', sample: '30.08.2026' },
      { name: 'preis', description: 'Monatspreis des Vertrags', sample: '80,75 €' },
      { name: 'mindestlaufzeit', description: 'Ende der Mindestlaufzeit', sample: '30.11.2026' },
      {
        name: 'kontolink',
        description: 'Link zur Kündigungsseite im Konto',
        sample: 'https://example.org/vendor/settings/cancel',
      },
    ],
  },
  'term-started': {
    key: 'term-started',
    title: 'Reguläre Laufzeit beginnt',
    recipient: 'Direktvermarkter',
    occasion: 'Am ersten Tag nach dem Probemonat',
    subject: 'Willkommen in der regulären Laufzeit bei {{laden}}',
    body: [
      'Hallo {{name}},',
      'dein Probemonat ist vorbei, und dein Vertrag {{vertrag}} läuft jetzt regulär: {{preis}} im Monat, Mindestlaufzeit bis {{mindestlaufzeit}}. Danach verlängert er sich jeweils um einen Monat; kündigen kannst du mit 4 Wochen Frist zum Monatsende.',
      'Schön, dass du dabei bist!',
    ].join('\n\n'),
    placeholders: [
      vendorName,
      { name: 'vertrag', description: 'Vertragsnummer', sample: 'V-2026-0001' },
      { name: 'preis', description: 'Monatspreis des Vertrags', sample: '80,75 €' },
      { name: 'mindestlaufzeit', description: 'Ende der Mindestlaufzeit', sample: '30.11.2026' },
    ],
  },
  'booking-received': {
    key: 'booking-received',
    title: 'Zusätzliche Buchung erhalten',
    recipient: 'Direktvermarkter',
    occasion: 'Wenn ein Direktvermarkter im Konto weitere Flächen bucht',
    subject: 'Deine zusätzliche Buchung bei {{laden}}',
    body: [
      'Hallo {{name}},',
      'vielen Dank für deine Buchung! Wir haben sie erhalten und melden uns innerhalb von 2 Werktagen mit einem passenden Mietfach.',
      '{{paket}}',
    ].join('\n\n'),
    placeholders: [vendorName, packagePlaceholder],
  },
  'booking-cancelled': {
    key: 'booking-cancelled',
    title: 'Buchung storniert',
    recipient: 'Direktvermarkter',
    occasion: 'Wenn ein Direktvermarkter eine Buchung storniert',
    subject: 'Deine Buchung bei {{laden}} ist storniert',
    body: [
      'Hallo {{name}},',
      'wie gewünscht haben wir deine Buchung storniert. Es fallen dafür keine Kosten an.',
      '{{paket}}',
      'Schade, dass es nicht passt. Wenn du es dir anders überlegst, kannst du jederzeit neu buchen.',
    ].join('\n\n'),
    placeholders: [vendorName, packagePlaceholder],
  },
  'booking-cancelled-notification': {
    key: 'booking-cancelled-notification',
    title: 'Stornierung einer Buchung',
    recipient: 'Laden',
    occasion: 'Wenn ein Direktvermarkter eine Buchung storniert',
    subject: 'Stornierung: {{firma}}',
    body: ['Hallo,', '{{name}} ({{email}}) hat eine Buchung storniert.', '{{grund}}'].join('\n\n'),
    placeholders: [
      vendorName,
      {
        name: 'firma',
        description: 'Unternehmen, sonst Name des Direktvermarkters',
        sample: 'Imkerei Beispiel',
      },
      {
        name: 'email',
        description: 'E-Mail-Adresse des Direktvermarkters',
        sample: 'anna@example.org',
      },
      {
        name: 'grund',
        description: '„Grund: …“, wenn einer angegeben ist, sonst leer',
        sample: 'Grund: Wir schaffen die Menge nicht.',
        bodyOnly: true,
      },
    ],
  },
  'password-reset': {
    key: 'password-reset',
    title: 'Passwort zurücksetzen',
    recipient: 'Direktvermarkter',
    occasion: 'Wenn unter „Passwort vergessen?“ ein neues Passwort angefordert wird',
    subject: 'Neues Passwort für {{laden}}',
    body: [
      'Hallo {{name}},',
      'jemand hat ein neues Passwort für dein Konto als Direktvermarkter angefordert. Wenn du das warst, lege hier ein neues fest:',
      '{{link}}',
      'Der Link ist eine Stunde gültig und funktioniert nur einmal. Warst du es nicht? Dann ignoriere diese E-Mail; dein Passwort bleibt, wie es ist.',
    ].join('\n\n'),
    placeholders: [
      vendorName,
      {
        name: 'link',
        description: 'Link zum neuen Passwort (als Knopf, wenn er allein in einem Absatz steht)',
        sample: 'https://example.org/vendor/passwort-zuruecksetzen?token=beispiel',
      },
    ],
    button: { placeholder: 'link', label: 'Neues Passwort festlegen' },
    required: ['link'],
  },
  'contract-changed': {
    key: 'contract-changed',
    title: 'Vertrag geändert',
    recipient: 'Direktvermarkter',
    occasion:
      'Wenn sich ein Vertrag ab einem Tag ändert (Mietfächer, Preise, Modell oder Zusatzleistungen), durch den Laden oder den Direktvermarkter',
    subject: 'Dein Vertrag {{vertrag}} bei {{laden}} ändert sich ab {{ab}}',
    body: [
      'Hallo {{name}},',
      'ab dem {{ab}} gilt für deinen Vertrag {{vertrag}}: {{aenderung}}',
      'Monatlich: {{vorher}} bisher, {{preis}} ab dem {{ab}}.',
      'Alles Weitere findest du in deinem Konto unter „Meine Buchungen“: {{kontolink}}',
    ].join('\n\n'),
    placeholders: [
      vendorName,
      { name: 'vertrag', description: 'Vertragsnummer', sample: 'V-2026-0001' },
      { name: 'ab', description: 'Erster Tag der neuen Bedingungen', sample: '01.12.2026' },
      {
        name: 'aenderung',
        description: 'Was sich ändert',
        sample: 'Basismodell → Premium-Modell',
        bodyOnly: true,
      },
      { name: 'vorher', description: 'Bisheriger Monatspreis', sample: '35,00 €' },
      { name: 'preis', description: 'Neuer Monatspreis', sample: '33,25 €' },
      {
        name: 'kontolink',
        description: 'Link zu „Meine Buchungen“',
        sample: 'https://example.org/vendor/meine-buchungen',
      },
    ],
  },
  'bank-changed': {
    key: 'bank-changed',
    title: 'Bankverbindung geändert',
    recipient: 'Direktvermarkter',
    occasion:
      'Wenn ein Direktvermarkter in seinem Profil die Bankverbindung (IBAN) einträgt oder ändert',
    subject: 'Deine Bankverbindung bei {{laden}} wurde geändert',
    body: [
      'Hallo {{name}},',
      'in deinem Konto wurde am {{zeitpunkt}} die Bankverbindung für deine Auszahlungen geändert: {{iban}} (Kontoinhaber: {{kontoinhaber}}).',
      'Warst du das? Dann ist alles in Ordnung. Wenn nicht, melde dich bitte sofort bei uns unter {{ladenTelefon}} oder {{ladenEmail}} und ändere dein Passwort.',
    ].join('\n\n'),
    placeholders: [
      vendorName,
      {
        name: 'zeitpunkt',
        description: 'Tag und Uhrzeit der Änderung',
        sample: '24.11.2026, 14:05 Uhr',
      },
      {
        name: 'iban',
        description: 'Die neue IBAN, bis auf die ersten und letzten vier Zeichen verdeckt',
        sample: 'DE89 **** **** **** **30 00',
      },
      { name: 'kontoinhaber', description: 'Der neue Kontoinhaber', sample: 'Anna Beispiel' },
    ],
  },
} as const satisfies Record<string, MailTemplate>;

export type MailTemplateKey = keyof typeof MAIL_TEMPLATES;
export const MAIL_TEMPLATE_KEYS = Object.keys(MAIL_TEMPLATES) as MailTemplateKey[];

export function isMailTemplateKey(key: string): key is MailTemplateKey {
  return Object.hasOwn(MAIL_TEMPLATES, key);
}

/** Every placeholder a template offers: its own and the shop's. */
export function placeholdersOf(template: MailTemplate): string[] {
  return [...template.placeholders.map((p) => p.name), ...SHOP_PLACEHOLDERS.map((p) => p.name)];
}

/** The values of the preview and the test mail: the samples and the shop's real data. */
export function sampleValues(template: MailTemplate, settings: SiteSettings) {
  return {
    ...shopValues(settings),
    ...Object.fromEntries(template.placeholders.map((p) => [p.name, p.sample])),
  };
}

const draft = (
  template: MailTemplateKey,
  settings: SiteSettings,
  values: Record<string, string>,
): MailDraft => ({ template, settings, values: { ...shopValues(settings), ...values } });

const greeting = (name: string | null | undefined) => (name ? `Hallo ${name},` : 'Hallo,');

/** The package as lines of text: areas, extra services, prices (German money). */
export function packageLines(pkg: PricedSelection): string[] {
  const lines = pkg.items.map((item) => {
    const label = formatOptionCount(item.id, item.count, item.name);
    return item.priceDisplay
      ? `${label}: ${PRICE_ON_REQUEST_LABEL}`
      : `${label} à ${formatEuro(item.price)} = ${formatEuro(item.price * item.count)}`;
  });
  for (const service of EXTRA_SERVICES) {
    if (pkg.zusatzleistungen[service.id]) {
      lines.push(`${service.name}: ${formatEuroChange(service.price)} im Monat`);
    }
  }
  const price = pkg.price;
  return [
    ...lines,
    '',
    `Provisionsmodell: ${pkg.provisionType === 'premium' ? 'Premium-Modell' : 'Basismodell'} (${pkg.provisionRate} % Provision auf den Umsatz)`,
    `Mietdauer: ${pkg.rentalDuration} Monate`,
    `Zwischensumme: ${
      price.subtotal === 0 && onlyPricedOnRequest(pkg.items)
        ? PRICE_ON_REQUEST_LABEL
        : `${formatEuro(price.subtotal)} im Monat`
    }`,
    ...(price.discount > 0
      ? [`Rabatt: ${formatPercent(price.discount)} (−${formatEuro(price.discountAmount)})`]
      : []),
    `Monatlich: ${priceWithRequestNote(pkg.items, price.monthlyTotal)}`,
  ];
}

export function newsletterConfirmationMail(
  settings: SiteSettings,
  data: { name?: string | undefined; confirmUrl: string; validDays: number },
): MailDraft {
  return draft('newsletter-confirm', settings, {
    anrede: greeting(data.name),
    link: data.confirmUrl,
    tage: String(data.validDays),
  });
}

/** To the shop: a new message from the contact form. Answering goes to the sender. */
export function contactNotificationMail(
  settings: SiteSettings,
  data: {
    name: string;
    email: string;
    phone?: string | undefined;
    subject: string;
    message: string;
  },
): MailDraft {
  return draft('contact-notification', settings, {
    name: data.name,
    email: data.email,
    telefon: data.phone ?? '–',
    betreff: data.subject,
    nachricht: data.message,
  });
}

/** A newsletter an admin wrote, with this subscriber's own unsubscribe link. */
export function newsletterIssueMail(
  settings: SiteSettings,
  data: { subject: string; body: string; name: string | null; unsubscribeUrl: string },
): MailDraft {
  return draft('newsletter-issue', settings, {
    anrede: greeting(data.name),
    betreff: data.subject,
    text: data.body,
    abmeldelink: data.unsubscribeUrl,
  });
}

/** An admin's answer to a contact message, with the message it answers below. */
export function contactReplyMail(
  settings: SiteSettings,
  data: { name: string; subject: string; body: string; originalMessage: string },
): MailDraft {
  return draft('contact-reply', settings, {
    name: data.name,
    betreff: data.subject,
    text: data.body,
    zitat: data.originalMessage
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n'),
  });
}

/**
 * To the sender: we got the message. It repeats nothing the sender typed
 * besides the name, so the form cannot be used to send others arbitrary text.
 */
export function contactConfirmationMail(settings: SiteSettings, data: { name: string }): MailDraft {
  return draft('contact-confirmation', settings, { name: data.name });
}

export function contestConfirmationMail(
  settings: SiteSettings,
  data: { name: string; guesses: readonly string[]; deadline: string },
): MailDraft {
  return draft('contest-confirmation', settings, {
    name: data.name,
    tipps: data.guesses.map((guess, index) => `${index + 1}. ${guess}`).join('\n'),
    einsendeschluss: data.deadline,
  });
}

export function vendorConfirmationMail(
  settings: SiteSettings,
  data: {
    name: string;
    confirmUrl: string;
    pkg: PricedSelection | null;
    preregistration: boolean;
  },
): MailDraft {
  return draft('vendor-confirm', settings, {
    name: data.name,
    art: data.preregistration ? 'Vor-Registrierung' : 'Registrierung',
    link: data.confirmUrl,
    paket: data.pkg ? `Dein gewähltes Paket:\n${packageLines(data.pkg).join('\n')}` : '',
    weiter: data.pkg
      ? 'suchen ein passendes freies Mietfach'
      : 'planen gemeinsam mit dir deine Verkaufsfläche',
    probemonat: trialStartText(shopPhase(settings.openingDate)),
  });
}

/** To the shop: a producer registered or booked more space. */
export function newBookingNotificationMail(
  settings: SiteSettings,
  data: {
    vendorName: string;
    unternehmen?: string | null;
    email: string;
    telefon?: string | null;
    kind: 'registration' | 'preregistration' | 'additional';
    /** None for a pre-registration without a package. */
    pkg: PricedSelection | null;
    comments?: string | null;
  },
): MailDraft {
  return draft('booking-notification', settings, {
    was: {
      registration: 'Neue Registrierung',
      preregistration: 'Neue Vor-Registrierung',
      additional: 'Zusätzliche Buchung',
    }[data.kind],
    firma: data.unternehmen || data.vendorName,
    absender: `${data.vendorName}${data.unternehmen ? ` (${data.unternehmen})` : ''}, ${data.email}${data.telefon ? `, Tel. ${data.telefon}` : ''}`,
    aufgabe: data.pkg ? 'ein Mietfach zuweisen' : 'die Verkaufsfläche gemeinsam planen',
    paket: data.pkg
      ? packageLines(data.pkg).join('\n')
      : 'Noch ohne Paket: Die Flächen sind noch nicht gewählt.',
    anmerkungen: data.comments ? `Anmerkungen: ${data.comments}` : '',
  });
}

export function additionalBookingMail(
  settings: SiteSettings,
  data: { name: string; pkg: PricedSelection },
): MailDraft {
  return draft('booking-received', settings, {
    name: data.name,
    paket: packageLines(data.pkg).join('\n'),
  });
}

export function bookingCancelledMail(
  settings: SiteSettings,
  data: { name: string; pkg: PricedSelection },
): MailDraft {
  return draft('booking-cancelled', settings, {
    name: data.name,
    paket: packageLines(data.pkg).join('\n'),
  });
}

/** To the shop: a producer cancelled a booking. */
export function bookingCancelledNotificationMail(
  settings: SiteSettings,
  data: { name: string; unternehmen?: string | null; email: string; reason?: string | undefined },
): MailDraft {
  return draft('booking-cancelled-notification', settings, {
    name: data.name,
    firma: data.unternehmen || data.name,
    email: data.email,
    grund: data.reason ? `Grund: ${data.reason}` : '',
  });
}

export function passwordResetMail(
  settings: SiteSettings,
  data: { name: string; resetUrl: string },
): MailDraft {
  return draft('password-reset', settings, { name: data.name, link: data.resetUrl });
}

export function bookingApprovedMail(
  settings: SiteSettings,
  data: {
    name: string;
    number: string;
    units: readonly { name: string; optionId: string; priceCents: number }[];
    pkg: PricedSelection;
    monthlyPriceCents: number;
    startDate: string;
    trial: { start: string; end: string } | null;
    trialUsed: boolean;
    accountUrl: string;
  },
): MailDraft {
  const unitLines = data.units.map((unit) => {
    const option = findPackageOption(unit.optionId);
    return `${unit.name}${option ? ` (${option.displayName})` : ''}: ${formatEuro(unit.priceCents)} im Monat`;
  });
  for (const service of EXTRA_SERVICES) {
    if (data.pkg.zusatzleistungen[service.id]) {
      unitLines.push(`${service.name}: ${formatEuroChange(service.price)} im Monat`);
    }
  }
  const model = data.pkg.provisionType === 'premium' ? 'Premium-Modell' : 'Basismodell';
  return draft('booking-approved', settings, {
    name: data.name,
    vertrag: data.number,
    mietfaecher: [
      ...unitLines,
      '',
      `Monatlich: ${formatEuro(data.monthlyPriceCents)} (${model}, ${data.pkg.provisionRate} % Provision auf den Umsatz; Mietdauer ${data.pkg.rentalDuration} Monate)`,
    ].join('\n'),
    beginn: formatIsoDay(data.startDate),
    probemonat: data.trial
      ? `Dein kostenloser Probemonat läuft vom ${formatIsoDay(data.trial.start)} bis ${formatIsoDay(data.trial.end)}.`
      : data.trialUsed
        ? 'Den Probemonat hattest du schon; die Miete läuft ab Vertragsbeginn.'
        : trialStartText(shopPhase(settings.openingDate)),
    kontolink: data.accountUrl,
  });
}

export function bookingRejectedMail(
  settings: SiteSettings,
  data: { name: string; requestedAt: Date; reason: string },
): MailDraft {
  return draft('booking-rejected', settings, {
    name: data.name,
    datum: formatIsoDay(isoDayInBerlin(data.requestedAt)),
    grund: data.reason,
  });
}

export function contractTerminatedMail(
  settings: SiteSettings,
  data: {
    name: string;
    number: string;
    units: readonly string[];
    endDate: string;
    kind: 'vendor' | 'shop' | 'extraordinary';
    noticeDate: string | null;
    reason: string | null;
  },
): MailDraft {
  const notice = data.noticeDate ? formatIsoDay(data.noticeDate) : '';
  return draft('contract-terminated', settings, {
    name: data.name,
    vertrag: data.number,
    mietfaecher: data.units.join(', ') || 'ohne Mietfächer',
    ende: formatIsoDay(data.endDate),
    wer: {
      vendor: `wir haben deine Kündigung vom ${notice} erhalten und bestätigen sie.`,
      shop: `hiermit kündigen wir deinen Vertrag fristgerecht (Kündigung vom ${notice}).`,
      extraordinary: 'hiermit kündigen wir deinen Vertrag außerordentlich.',
    }[data.kind],
    grund: data.reason ? `Grund: ${data.reason}` : '',
  });
}

export function trialEndingMail(
  settings: SiteSettings,
  data: {
    name: string;
    number: string;
    daysLeft: number;
    trialEnd: string;
    monthlyPriceCents: number;
    termEnd: string;
    cancelUrl: string;
  },
): MailDraft {
  return draft('trial-ending', settings, {
    name: data.name,
    vertrag: data.number,
    wann: data.daysLeft <= 1 ? 'morgen' : `in ${data.daysLeft} Tagen`,
    ende: formatIsoDay(data.trialEnd),
    preis: formatEuro(data.monthlyPriceCents),
    mindestlaufzeit: formatIsoDay(data.termEnd),
    kontolink: data.cancelUrl,
  });
}

export function termStartedMail(
  settings: SiteSettings,
  data: { name: string; number: string; monthlyPriceCents: number; termEnd: string },
): MailDraft {
  return draft('term-started', settings, {
    name: data.name,
    vertrag: data.number,
    preis: formatEuro(data.monthlyPriceCents),
    mindestlaufzeit: formatIsoDay(data.termEnd),
  });
}

export function bankChangedMail(
  settings: SiteSettings,
  data: { name: string; at: Date; ibanMasked: string; kontoinhaber: string },
): MailDraft {
  return draft('bank-changed', settings, {
    name: data.name,
    zeitpunkt: formatDateTime(data.at),
    iban: data.ibanMasked,
    kontoinhaber: data.kontoinhaber,
  });
}

export function contractChangedMail(
  settings: SiteSettings,
  data: {
    name: string;
    number: string;
    validFrom: string;
    change: string;
    before: number;
    after: number;
    accountUrl: string;
  },
): MailDraft {
  return draft('contract-changed', settings, {
    name: data.name,
    vertrag: data.number,
    ab: formatIsoDay(data.validFrom),
    aenderung: data.change,
    vorher: formatEuro(data.before),
    preis: formatEuro(data.after),
    kontolink: data.accountUrl,
  });
}
