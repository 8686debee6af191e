import { EXTRA_SERVICES, findPackageOption, formatOptionCount } from '@housnkuh/shared/catalog';
import {
  formatEuro,
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
import {
  mailDraft,
  myBookingsLinkPlaceholder,
  vendorNamePlaceholder,
  type MailDraft,
  type MailTemplate,
  type PlaceholderInfo,
} from '../mail/public';

// The bookings' mails: a new request to the shop, approved, rejected, an additional booking
// received, cancelled (to the producer and the shop). Registered with the mail module in
// index.ts. The package's lines are also the accounts' confirmation mail's.

/** A package as packageLines writes it, the sample of the placeholders with one. */
export const SAMPLE_PACKAGE = [
  '1 × Verkaufsblock Lage A à 35,00 € = 35,00 €',
  '1 × Kühlregal à 50,00 € = 50,00 €',
  '',
  'Provisionsmodell: Premium-Modell (7 % Provision auf den Umsatz)',
  'Mietdauer: 6 Monate',
  'Zwischensumme: 85,00 € im Monat',
  'Rabatt: 5 % (−4,25 €)',
  'Monatlich: 80,75 €',
].join('\n');

/** The package (packageLines) in a mail. */
export const packagePlaceholder: PlaceholderInfo = {
  name: 'paket',
  description: 'Das Paket: Flächen, Zusatzleistungen, Preise',
  sample: SAMPLE_PACKAGE,
  bodyOnly: true,
};

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

const bookingNotification: MailTemplate = {
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
    'Die Anfrage steht im Verwaltungsbereich unter „Offene Buchungen“.',
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
};

const bookingApproved: MailTemplate = {
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
    vendorNamePlaceholder,
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
    myBookingsLinkPlaceholder,
  ],
};

const bookingRejected: MailTemplate = {
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
    vendorNamePlaceholder,
    { name: 'datum', description: 'Tag der Anfrage', sample: '12.06.2026' },
    {
      name: 'grund',
      description: 'Begründung des Admins',
      sample: 'Alle Kühlfächer sind bis Jahresende vergeben.',
      bodyOnly: true,
    },
  ],
};

const bookingReceived: MailTemplate = {
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
  placeholders: [vendorNamePlaceholder, packagePlaceholder],
};

const bookingCancelled: MailTemplate = {
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
  placeholders: [vendorNamePlaceholder, packagePlaceholder],
};

const bookingCancelledNotification: MailTemplate = {
  key: 'booking-cancelled-notification',
  title: 'Stornierung einer Buchung',
  recipient: 'Laden',
  occasion: 'Wenn ein Direktvermarkter eine Buchung storniert',
  subject: 'Stornierung: {{firma}}',
  body: ['Hallo,', '{{name}} ({{email}}) hat eine Buchung storniert.', '{{grund}}'].join('\n\n'),
  placeholders: [
    vendorNamePlaceholder,
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
};

/** The bookings module's templates, registered with the mail module (index.ts). */
export const bookingsMailTemplates: readonly MailTemplate[] = [
  bookingNotification,
  bookingApproved,
  bookingRejected,
  bookingReceived,
  bookingCancelled,
  bookingCancelledNotification,
];

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
  return mailDraft(bookingNotification, settings, {
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

/** What the approval mail says of the producer's free month (one per producer). */
function freeMonthText(
  settings: SiteSettings,
  data: Pick<
    Parameters<typeof bookingApprovedMail>[1],
    'freeMonth' | 'hasFreeDays' | 'movedFrom' | 'today'
  >,
): string {
  if (!data.freeMonth) return trialStartText(shopPhase(settings.openingDate));
  const span = `vom ${formatIsoDay(data.freeMonth.start)} bis ${formatIsoDay(data.freeMonth.end)}`;
  if (data.movedFrom) {
    return `Weil dieser Vertrag früher beginnt, beginnt auch dein kostenloser Probemonat früher: Er läuft jetzt ${span} (bisher vom ${formatIsoDay(data.movedFrom.start)} bis ${formatIsoDay(data.movedFrom.end)}) und gilt für alle deine Verträge.`;
  }
  // a start in the past (0028): the free month may be over already
  if (data.hasFreeDays && data.today && data.freeMonth.end < data.today) {
    return `Dein kostenloser Probemonat lief ${span}; für diese Zeit zahlst du keine Miete.`;
  }
  return data.hasFreeDays
    ? `Dein kostenloser Probemonat läuft ${span}; in dieser Zeit zahlst du keine Miete.`
    : `Dein Probemonat (${span}) liegt vor diesem Vertrag; die Miete läuft ab Vertragsbeginn.`;
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
    /** The producer's free month (null while the opening date is unknown). */
    freeMonth: { start: string; end: string } | null;
    /** Whether this contract has days in it. */
    hasFreeDays: boolean;
    /** The free month before this approval moved it, if it did. */
    movedFrom: { start: string; end: string } | null;
    accountUrl: string;
    /** The approval's day: a free month over by then is told in the past tense. */
    today?: string;
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
  return mailDraft(bookingApproved, settings, {
    name: data.name,
    vertrag: data.number,
    mietfaecher: [
      ...unitLines,
      '',
      `Monatlich: ${formatEuro(data.monthlyPriceCents)} (${model}, ${data.pkg.provisionRate} % Provision auf den Umsatz; Mietdauer ${data.pkg.rentalDuration} Monate)`,
    ].join('\n'),
    beginn: formatIsoDay(data.startDate),
    probemonat: freeMonthText(settings, data),
    kontolink: data.accountUrl,
  });
}

export function bookingRejectedMail(
  settings: SiteSettings,
  data: { name: string; requestedAt: Date; reason: string },
): MailDraft {
  return mailDraft(bookingRejected, settings, {
    name: data.name,
    datum: formatIsoDay(isoDayInBerlin(data.requestedAt)),
    grund: data.reason,
  });
}

export function additionalBookingMail(
  settings: SiteSettings,
  data: { name: string; pkg: PricedSelection },
): MailDraft {
  return mailDraft(bookingReceived, settings, {
    name: data.name,
    paket: packageLines(data.pkg).join('\n'),
  });
}

export function bookingCancelledMail(
  settings: SiteSettings,
  data: { name: string; pkg: PricedSelection },
): MailDraft {
  return mailDraft(bookingCancelled, settings, {
    name: data.name,
    paket: packageLines(data.pkg).join('\n'),
  });
}

/** To the shop: a producer cancelled a booking. */
export function bookingCancelledNotificationMail(
  settings: SiteSettings,
  data: { name: string; unternehmen?: string | null; email: string; reason?: string | undefined },
): MailDraft {
  return mailDraft(bookingCancelledNotification, settings, {
    name: data.name,
    firma: data.unternehmen || data.name,
    email: data.email,
    grund: data.reason ? `Grund: ${data.reason}` : '',
  });
}
