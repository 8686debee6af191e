import { addDays, formatEuro, formatIsoDay } from '@housnkuh/shared/format';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import {
  mailDraft,
  myBookingsLinkPlaceholder,
  vendorNamePlaceholder,
  type MailDraft,
  type MailTemplate,
  type PlaceholderInfo,
} from '../mail/public';

// The contracts' mails: terminated, the trial's end coming and over, changed from a day.
// Registered with the mail module in index.ts.

/** The placeholders several of the contracts' mails share. */
const shared = {
  vertrag: { name: 'vertrag', description: 'Vertragsnummer', sample: 'V-2026-0001' },
  mietfaecher: {
    name: 'mietfaecher',
    description: 'Die Mietfächer des Vertrags',
    sample: 'A1, K1',
  },
  preis: { name: 'preis', description: 'Monatspreis des Vertrags', sample: '80,75 €' },
  mindestlaufzeit: {
    name: 'mindestlaufzeit',
    description: 'Ende der Mindestlaufzeit',
    sample: '30.11.2026',
  },
  kontolink: {
    name: 'kontolink',
    description: 'Link zur Kündigungsseite im Konto',
    sample: 'https://example.org/vendor/settings/cancel',
  },
} satisfies Record<string, PlaceholderInfo>;

const contractTerminated: MailTemplate = {
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
    vendorNamePlaceholder,
    shared.vertrag,
    shared.mietfaecher,
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
};

const contractCancelled: MailTemplate = {
  key: 'contract-cancelled',
  title: 'Vertrag storniert',
  recipient: 'Direktvermarkter',
  occasion:
    'Wenn ein Vertrag vor seinem Beginn beendet wird (storniert, durch den Direktvermarkter oder den Laden)',
  subject: 'Dein Vertrag {{vertrag}} bei {{laden}} ist storniert',
  body: [
    'Hallo {{name}},',
    '{{wer}} Dein Vertrag {{vertrag}} ({{mietfaecher}}) ist vor seinem Beginn am {{beginn}} storniert. Er beginnt nicht, und es fällt keine Miete an.',
    '{{grund}}',
    'Bei Fragen erreichst du uns unter {{ladenTelefon}}.',
  ].join('\n\n'),
  placeholders: [
    vendorNamePlaceholder,
    shared.vertrag,
    shared.mietfaecher,
    { name: 'beginn', description: 'Der gebuchte Beginn', sample: '01.12.2026' },
    {
      name: 'wer',
      description: 'Wer storniert hat, und wann',
      sample: 'Wir haben deine Kündigung vom 26.11.2026 erhalten und bestätigen sie.',
    },
    {
      name: 'grund',
      description: '„Grund: …“, wenn einer angegeben ist, sonst leer',
      sample: '',
      bodyOnly: true,
    },
  ],
};

const trialEnding: MailTemplate = {
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
    vendorNamePlaceholder,
    shared.vertrag,
    { name: 'wann', description: '„in 7 Tagen“ oder „morgen“', sample: 'in 7 Tagen' },
    { name: 'ende', description: 'Letzter Tag des Probemonats', sample: '30.08.2026' },
    shared.preis,
    shared.mindestlaufzeit,
    shared.kontolink,
  ],
};

const termStarted: MailTemplate = {
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
  placeholders: [vendorNamePlaceholder, shared.vertrag, shared.preis, shared.mindestlaufzeit],
};

const termEnding: MailTemplate = {
  key: 'term-ending',
  title: 'Gebuchte Laufzeit endet bald',
  recipient: 'Direktvermarkter',
  occasion:
    'Zwei Wochen bevor eine Kündigung zum Ende der gebuchten Laufzeit zuletzt möglich ist (nur bei Verträgen ohne Kündigung)',
  subject: 'Deine gebuchte Laufzeit bei {{laden}} endet am {{mindestlaufzeit}}',
  body: [
    'Hallo {{name}},',
    'die gebuchte Laufzeit deines Vertrags {{vertrag}} ({{mietfaecher}}) endet am {{mindestlaufzeit}}. Danach läuft er Monat für Monat weiter; kündigen kannst du mit 4 Wochen Frist zum Monatsende. Soll er zum {{fruehestesEnde}} enden, muss deine Kündigung bis zum {{kuendigenBis}} bei uns sein: {{kontolink}}',
    '{{preisDanach}}',
  ].join('\n\n'),
  placeholders: [
    vendorNamePlaceholder,
    shared.vertrag,
    shared.mietfaecher,
    {
      name: 'mindestlaufzeit',
      description: 'Letzter Tag der gebuchten Laufzeit',
      sample: '28.02.2027',
    },
    {
      name: 'fruehestesEnde',
      description: 'Das früheste Vertragsende (Monatsende)',
      sample: '28.02.2027',
    },
    {
      name: 'kuendigenBis',
      description: 'Bis wann eine Kündigung zu diesem Ende da sein muss',
      sample: '31.01.2027',
    },
    {
      name: 'preisDanach',
      description:
        'Der Monatspreis nach der gebuchten Laufzeit; mit Laufzeitrabatt: dass er endet, und der neue Preis',
      sample:
        'Dein Laufzeitrabatt gilt nur für die gebuchte Laufzeit (AGB § 4 Abs. 3): Ab dem 01.03.2027 zahlst du 80,00 € statt 76,00 € im Monat.',
      bodyOnly: true,
    },
    shared.kontolink,
  ],
};

const contractChanged: MailTemplate = {
  key: 'contract-changed',
  title: 'Vertrag geändert',
  recipient: 'Direktvermarkter',
  occasion:
    'Wenn sich ein Vertrag ab einem Tag ändert (Mietfächer, Preise, Modell oder Zusatzleistungen), durch den Laden oder den Direktvermarkter',
  subject: 'Dein Vertrag {{vertrag}} bei {{laden}} ändert sich ab {{ab}}',
  body: [
    'Hallo {{name}},',
    'ab dem {{ab}} gilt für deinen Vertrag {{vertrag}}: {{aenderung}}',
    'Monatlich: {{vorher}} bisher, {{preis}} ab dem {{ab}}.{{probemonat}}',
    'Alles Weitere findest du in deinem Konto unter „Meine Buchungen“: {{kontolink}}',
  ].join('\n\n'),
  placeholders: [
    vendorNamePlaceholder,
    shared.vertrag,
    { name: 'ab', description: 'Erster Tag der neuen Bedingungen', sample: '01.12.2026' },
    {
      name: 'probemonat',
      description:
        'Wenn die Änderung in deinem Probemonat beginnt: bis wann keine Miete anfällt (sonst leer)',
      sample:
        ' Bis zum Ende deines Probemonats am 30.12.2026 zahlst du keine Miete; der neue Preis gilt ab dem 31.12.2026.',
    },
    {
      name: 'aenderung',
      description: 'Was sich ändert',
      sample: 'Basismodell → Premium-Modell',
      bodyOnly: true,
    },
    { name: 'vorher', description: 'Bisheriger Monatspreis', sample: '35,00 €' },
    { name: 'preis', description: 'Neuer Monatspreis', sample: '33,25 €' },
    myBookingsLinkPlaceholder,
  ],
};

/** The contracts module's templates, registered with the mail module (index.ts). */
export const contractsMailTemplates: readonly MailTemplate[] = [
  contractTerminated,
  contractCancelled,
  trialEnding,
  termStarted,
  termEnding,
  contractChanged,
];

export function contractTerminatedMail(
  settings: SiteSettings,
  data: {
    name: string;
    number: string;
    units: readonly string[];
    endDate: string;
    /** Set when it ends before this start: storniert (its own mail, no end date). */
    startDate?: string | null;
    kind: 'vendor' | 'shop' | 'extraordinary';
    noticeDate: string | null;
    reason: string | null;
  },
): MailDraft {
  const notice = data.noticeDate ? formatIsoDay(data.noticeDate) : '';
  const common = {
    name: data.name,
    vertrag: data.number,
    mietfaecher: data.units.join(', ') || 'ohne Mietfächer',
    grund: data.reason ? `Grund: ${data.reason}` : '',
  };
  if (data.startDate) {
    return mailDraft(contractCancelled, settings, {
      ...common,
      beginn: formatIsoDay(data.startDate),
      wer: {
        vendor: `wir haben deine Kündigung vom ${notice} erhalten und bestätigen sie.`,
        shop: `hiermit stornieren wir deinen Vertrag (Kündigung vom ${notice}).`,
        extraordinary: 'hiermit stornieren wir deinen Vertrag außerordentlich.',
      }[data.kind],
    });
  }
  return mailDraft(contractTerminated, settings, {
    ...common,
    ende: formatIsoDay(data.endDate),
    wer: {
      vendor: `wir haben deine Kündigung vom ${notice} erhalten und bestätigen sie.`,
      shop: `hiermit kündigen wir deinen Vertrag fristgerecht (Kündigung vom ${notice}).`,
      extraordinary: 'hiermit kündigen wir deinen Vertrag außerordentlich.',
    }[data.kind],
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
  return mailDraft(trialEnding, settings, {
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
  return mailDraft(termStarted, settings, {
    name: data.name,
    vertrag: data.number,
    preis: formatEuro(data.monthlyPriceCents),
    mindestlaufzeit: formatIsoDay(data.termEnd),
  });
}

/**
 * The reminder before the booked term ends (docs/decisions/0043-discount-term-and-demo.md): when notice must be
 * given to end with the term, and the price after it: without the duration discount, which
 * holds for the booked term only (AGB § 4 Abs. 3).
 */
export function termEndingMail(
  settings: SiteSettings,
  data: {
    name: string;
    number: string;
    units: readonly string[];
    termEnd: string;
    earliestEnd: string;
    noticeBy: string;
    /** The first day after the term, and the monthly price before and after it. */
    priceFrom: string;
    before: number;
    after: number;
    cancelUrl: string;
  },
): MailDraft {
  return mailDraft(termEnding, settings, {
    name: data.name,
    vertrag: data.number,
    mietfaecher: data.units.join(', ') || 'ohne Mietfächer',
    mindestlaufzeit: formatIsoDay(data.termEnd),
    fruehestesEnde: formatIsoDay(data.earliestEnd),
    kuendigenBis: formatIsoDay(data.noticeBy),
    preisDanach:
      data.after > data.before
        ? `Dein Laufzeitrabatt gilt nur für die gebuchte Laufzeit (AGB § 4 Abs. 3): Ab dem ${formatIsoDay(data.priceFrom)} zahlst du ${formatEuro(data.after)} statt ${formatEuro(data.before)} im Monat.`
        : `Dein Monatspreis bleibt ${formatEuro(data.after)}.`,
    kontolink: data.cancelUrl,
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
    /** The producer's free month, when the new terms start inside it. */
    freeMonth?: { start: string; end: string } | null;
    accountUrl: string;
  },
): MailDraft {
  return mailDraft(contractChanged, settings, {
    name: data.name,
    vertrag: data.number,
    ab: formatIsoDay(data.validFrom),
    probemonat: data.freeMonth
      ? ` Bis zum Ende deines Probemonats am ${formatIsoDay(data.freeMonth.end)} zahlst du keine Miete; der neue Preis gilt ab dem ${formatIsoDay(addDays(data.freeMonth.end, 1))}.`
      : '',
    aenderung: data.change,
    vorher: formatEuro(data.before),
    preis: formatEuro(data.after),
    kontolink: data.accountUrl,
  });
}
