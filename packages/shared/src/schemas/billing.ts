// The shop's own billing data (issue 26, docs/product/money.md): admin only, never part of the
// public settings. GET/PUT /api/admin/billing-settings and Einstellungen → "Abrechnung".
import { PROFILE_LIMITS } from '../limits';
import { hasSepaLetters } from '../sepa-text';
import { optionalLine, plainText, successResponse } from './common';
import { twoYearsAfter } from './sales-report';
import { isoDay } from './settings';
import { compactIban, isValidIban, PROFILE_MESSAGES } from './vendor-profile';
import { z } from './zod';

export const BILLING_MESSAGES = {
  steuernummer: PROFILE_MESSAGES.steuernummer,
  ustIdNr: PROFILE_MESSAGES.ustIdNr,
  iban: PROFILE_MESSAGES.iban,
  bic: 'Die BIC hat 8 oder 11 Zeichen, z. B. BYLADEM1KRO',
  kontoinhaber: 'Bitte gib den Kontoinhaber an',
  zahlungszielTage: 'Das Zahlungsziel ist eine ganze Zahl von 0 bis 90 Tagen',
  beraternummer: 'Die DATEV-Beraternummer ist eine Zahl von 1001 bis 9999999',
  mandantennummer: 'Die DATEV-Mandantennummer ist eine Zahl von 1 bis 99999',
  sachkontenlaenge: 'Die Sachkontenlänge ist eine Zahl von 4 bis 8',
  sachkonto: (length: number) => `Ein Sachkonto hat höchstens ${length} Stellen`,
  debitorenkonto: (length: number) =>
    `Debitorenkonten haben ${length + 1} Stellen und beginnen mit 1 bis 6, z. B. 1${'0'.repeat(length)}`,
  besteuerung:
    'Bitte wähle die Besteuerung: nach vereinbarten (Soll) oder vereinnahmten Entgelten (Ist)',
  abrechnungAb: 'Bitte gib den ersten Monat als JJJJ-MM an, z. B. 2026-07, oder lass das Feld leer',
  missingTaxId: 'Steuernummer oder USt-IdNr. der Ladenbetreiberin fehlt',
  missingIban: 'IBAN der Ladenbetreiberin fehlt',
  saved: 'Die Abrechnungsdaten sind gespeichert.',
} as const;

/** SKR03 defaults (docs/decisions/0035-billing-sepa-datev.md). */
export const DATEV_DEFAULTS = {
  sachkontenlaenge: 4,
  /** 8400 Erlöse 19 % USt (automatic account): rent and extra services. */
  erloeskontoMiete: 8400,
  /** 8519 Provisionsumsätze 19 % USt (automatic account): the commission. */
  erloeskontoProvision: 8519,
  /** 8300 Erlöse 7 % USt (automatic account): a charge of the shop at 7 % (a manual line). */
  erloeskontoErmaessigt: 8300,
  /** the first producer's debitor; the next producers count up from here */
  debitorenkontoStart: 10000,
  /** 1590 Durchlaufende Posten: the sales collected for the producers, and their payouts */
  verrechnungskonto: 1590,
  /** 4900 Sonstige betriebliche Aufwendungen: refunds to producers that are no supply (AGB § 8) */
  aufwandskontoErstattung: 4900,
} as const;

/** How the shop pays its VAT: on agreed amounts (Soll, default) or on amounts received (§ 20 UStG). */
export const BESTEUERUNG = ['soll', 'ist'] as const;
export type Besteuerung = (typeof BESTEUERUNG)[number];
export const BESTEUERUNG_LABELS: Record<Besteuerung, string> = {
  soll: 'Besteuerung nach vereinbarten Entgelten (Soll)',
  ist: 'Besteuerung nach vereinnahmten Entgelten (Ist, § 20 UStG)',
};

export const ZAHLUNGSZIEL_DEFAULT = 14;

/** A whole number within bounds; text from a form field counts as its number. */
function wholeNumber(min: number, max: number, message: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message }),
  );
}

/** An optional whole number: empty text, null or missing becomes null. */
function optionalWholeNumber(min: number, max: number, message: string) {
  return z.preprocess(
    (value) => (value === undefined || value === '' ? null : value),
    wholeNumber(min, max, message).nullable(),
  );
}

export function isValidBic(value: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value);
}

const datevSchema = z
  .strictObject({
    beraternummer: optionalWholeNumber(1001, 9_999_999, BILLING_MESSAGES.beraternummer),
    mandantennummer: optionalWholeNumber(1, 99_999, BILLING_MESSAGES.mandantennummer),
    sachkontenlaenge: wholeNumber(4, 8, BILLING_MESSAGES.sachkontenlaenge),
    erloeskontoMiete: wholeNumber(1, 99_999_999, BILLING_MESSAGES.sachkonto(8)),
    erloeskontoProvision: wholeNumber(1, 99_999_999, BILLING_MESSAGES.sachkonto(8)),
    debitorenkontoStart: wholeNumber(1, 699_999_999, BILLING_MESSAGES.debitorenkonto(8)),
    verrechnungskonto: wholeNumber(1, 99_999_999, BILLING_MESSAGES.sachkonto(8)),
    // added later (issue 30): a client that does not send them gets the defaults
    erloeskontoErmaessigt: wholeNumber(1, 99_999_999, BILLING_MESSAGES.sachkonto(8))
      .optional()
      .transform((value) => value ?? DATEV_DEFAULTS.erloeskontoErmaessigt),
    aufwandskontoErstattung: wholeNumber(1, 99_999_999, BILLING_MESSAGES.sachkonto(8))
      .optional()
      .transform((value) => value ?? DATEV_DEFAULTS.aufwandskontoErstattung),
  })
  .superRefine((data, ctx) => {
    const length = data.sachkontenlaenge;
    for (const key of [
      'erloeskontoMiete',
      'erloeskontoProvision',
      'erloeskontoErmaessigt',
      'verrechnungskonto',
      'aufwandskontoErstattung',
    ] as const) {
      if (String(data[key]).length > length) {
        ctx.addIssue({ code: 'custom', path: [key], message: BILLING_MESSAGES.sachkonto(length) });
      }
    }
    const start = data.debitorenkontoStart;
    if (start < 10 ** length || start >= 7 * 10 ** length) {
      ctx.addIssue({
        code: 'custom',
        path: ['debitorenkontoStart'],
        message: BILLING_MESSAGES.debitorenkonto(length),
      });
    }
  });

/** PUT /api/admin/billing-settings: the whole billing data (empty fields: not given). */
export const billingSettingsInputSchema = z.strictObject({
  steuernummer: plainText(z.string({ error: BILLING_MESSAGES.steuernummer }).trim())
    .max(PROFILE_LIMITS.steuernummer, { error: BILLING_MESSAGES.steuernummer })
    .optional()
    .nullable()
    .transform((value) => (value ? value : null))
    .refine(
      (value) =>
        value === null ||
        (/^[\d/ ]+$/.test(value) &&
          value.replace(/\D/g, '').length >= 10 &&
          value.replace(/\D/g, '').length <= 13),
      { error: BILLING_MESSAGES.steuernummer },
    ),
  ustIdNr: plainText(z.string({ error: BILLING_MESSAGES.ustIdNr }).trim())
    .max(PROFILE_LIMITS.ustIdNr + 4, { error: BILLING_MESSAGES.ustIdNr })
    .optional()
    .nullable()
    .transform((value) => (value ? value.replace(/\s/g, '').toUpperCase() : null))
    .refine(
      (value) =>
        value === null ||
        (value.startsWith('DE') ? /^DE\d{9}$/.test(value) : /^[A-Z]{2}[A-Z0-9]{2,12}$/.test(value)),
      { error: BILLING_MESSAGES.ustIdNr },
    ),
  iban: plainText(z.string({ error: BILLING_MESSAGES.iban }).trim())
    .max(42, { error: BILLING_MESSAGES.iban })
    .optional()
    .nullable()
    .transform((value) => (value ? compactIban(value) : null))
    .refine((value) => value === null || isValidIban(value), { error: BILLING_MESSAGES.iban }),
  bic: plainText(z.string({ error: BILLING_MESSAGES.bic }).trim())
    .max(14, { error: BILLING_MESSAGES.bic })
    .optional()
    .nullable()
    .transform((value) => (value ? value.replace(/\s/g, '').toUpperCase() : null))
    .refine((value) => value === null || isValidBic(value), { error: BILLING_MESSAGES.bic }),
  kontoinhaber: optionalLine(PROFILE_LIMITS.kontoinhaber)
    .refine((value) => value === undefined || hasSepaLetters(value), {
      error: PROFILE_MESSAGES.kontoinhaberLatin,
    })
    .transform((value) => value ?? null),
  zahlungszielTage: wholeNumber(0, 90, BILLING_MESSAGES.zahlungszielTage),
  // added later (issue 30): a client that does not send them gets the defaults
  besteuerung: z
    .enum(BESTEUERUNG, { error: BILLING_MESSAGES.besteuerung })
    .optional()
    .transform((value) => value ?? 'soll'),
  abrechnungAb: z
    .string({ error: BILLING_MESSAGES.abrechnungAb })
    .trim()
    .max(7, { error: BILLING_MESSAGES.abrechnungAb })
    .regex(/^(\d{4}-(0[1-9]|1[0-2]))?$/, { error: BILLING_MESSAGES.abrechnungAb })
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
  datev: datevSchema,
});
export type BillingSettingsInput = z.input<typeof billingSettingsInputSchema>;

/** The billing data as stored and answered. */
export const billingSettingsSchema = z.object({
  steuernummer: z.string().nullable(),
  ustIdNr: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  kontoinhaber: z.string().nullable(),
  zahlungszielTage: z.number().int(),
  /** soll: the VAT period is the service month; ist (§ 20 UStG): the month of the offset or payment */
  besteuerung: z.enum(BESTEUERUNG),
  /** 'YYYY-MM': the first month this system settles; null: the opening month */
  abrechnungAb: z.string().nullable(),
  datev: z.object({
    beraternummer: z.number().int().nullable(),
    mandantennummer: z.number().int().nullable(),
    sachkontenlaenge: z.number().int(),
    erloeskontoMiete: z.number().int(),
    erloeskontoProvision: z.number().int(),
    debitorenkontoStart: z.number().int(),
    erloeskontoErmaessigt: z.number().int(),
    verrechnungskonto: z.number().int(),
    aufwandskontoErstattung: z.number().int(),
  }),
});
export type BillingSettings = z.infer<typeof billingSettingsSchema>;

/** GET/PUT /api/admin/billing-settings: the data and what is still missing for a settlement. */
export const billingSettingsResponseSchema = successResponse({
  settings: billingSettingsSchema,
  blockers: z.array(z.string()),
});
export type BillingSettingsResponse = z.infer<typeof billingSettingsResponseSchema>;

/** The billing data of a fresh install: nothing entered, SKR03 accounts, 14 days. */
export const DEFAULT_BILLING_SETTINGS: BillingSettings = {
  steuernummer: null,
  ustIdNr: null,
  iban: null,
  bic: null,
  kontoinhaber: null,
  zahlungszielTage: ZAHLUNGSZIEL_DEFAULT,
  besteuerung: 'soll',
  abrechnungAb: null,
  datev: { beraternummer: null, mandantennummer: null, ...DATEV_DEFAULTS },
};

/** What keeps a month from being finalized (German, docs/product/money.md). */
export function billingBlockers(settings: BillingSettings): string[] {
  const blockers: string[] = [];
  if (!settings.steuernummer && !settings.ustIdNr) blockers.push(BILLING_MESSAGES.missingTaxId);
  if (!settings.iban) blockers.push(BILLING_MESSAGES.missingIban);
  return blockers;
}

export const EXPORT_MESSAGES = {
  order: 'Das Ende des Zeitraums darf nicht vor seinem Beginn liegen',
  tooLong: 'Der Zeitraum darf höchstens zwei Jahre umfassen',
  oneYear:
    'Ein DATEV-Export umfasst ein Wirtschaftsjahr: Beginn und Ende müssen im selben Kalenderjahr liegen',
  nach: 'Bitte wähle „leistungsmonat“ oder „belegdatum“',
  datevNumbers:
    'Für den DATEV-Export fehlen die Berater- und die Mandantennummer (Einstellungen → Abrechnung).',
} as const;

/**
 * GET /api/admin/exports/documents.csv?from=YYYY-MM-DD&to=YYYY-MM-DD&nach=leistungsmonat|belegdatum:
 * the documents of the settled months from `from`'s to `to`'s month (leistungsmonat, the
 * default), or issued on those days (belegdatum), both days included.
 */
export const exportPeriodQuerySchema = z
  .object({
    from: isoDay,
    to: isoDay,
    nach: z
      .enum(['leistungsmonat', 'belegdatum'], { error: EXPORT_MESSAGES.nach })
      .default('leistungsmonat'),
  })
  .superRefine((query, ctx) => {
    if (query.to < query.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: EXPORT_MESSAGES.order });
    } else if (query.to >= twoYearsAfter(query.from)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: EXPORT_MESSAGES.tooLong });
    }
  });
export type ExportPeriodQuery = z.infer<typeof exportPeriodQuerySchema>;

/** GET /api/admin/exports/datev: a period within one fiscal year (the calendar year). */
export const datevExportQuerySchema = z
  .object({ from: isoDay, to: isoDay })
  .superRefine((query, ctx) => {
    if (query.to < query.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: EXPORT_MESSAGES.order });
    } else if (query.to.slice(0, 4) !== query.from.slice(0, 4)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: EXPORT_MESSAGES.oneYear });
    }
  });
