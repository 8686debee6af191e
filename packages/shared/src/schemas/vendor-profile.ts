import {
  PASSWORD_MAX,
  PICTURE_MAX_BYTES,
  PICTURE_TYPES,
  PROFILE_LIMITS,
  REGISTRATION_LIMITS,
} from '../limits';

export { PROFILE_LIMITS };
import { VALIDATION } from '../messages';
import { hasSepaLetters } from '../sepa-text';
import { WEEKDAYS, type Weekday } from '../weekdays';
import {
  chosenFile,
  emailField,
  optionalLine,
  optionalPhone,
  optionalText,
  plainText,
  requiredLine,
  successResponse,
} from './common';
import { publicTagSchema } from './directory';
import { addressStepSchema, passwordSchema } from './registration';
import { z } from './zod';

export const PROFILE_MESSAGES = {
  url: 'Bitte eine Web-Adresse angeben, z. B. www.hof-beispiel.de',
  tags: `Bitte höchstens ${PROFILE_LIMITS.tags} Kategorien wählen`,
  unknownTag: 'Diese Kategorie gibt es nicht (mehr). Bitte die Seite neu laden.',
  publicEmail: 'Bitte eine gültige E-Mail-Adresse angeben oder das Feld leer lassen',
  saved: 'Dein Profil ist gespeichert.',
  savedAddress:
    'Dein Profil ist gespeichert. Die neue Adresse wird gerade für die Karte gesucht; das dauert meist nur wenige Minuten.',
  taxStatus: 'Bitte wähle, wie du umsatzsteuerlich eingestuft bist',
  taxId: 'Bei Regelbesteuerung brauchen wir deine Steuernummer oder USt-IdNr.',
  steuernummer:
    'Die Steuernummer besteht aus 10 bis 13 Ziffern (Schrägstriche und Leerzeichen sind erlaubt)',
  ustIdNr: 'Die USt-IdNr. beginnt mit dem Länderkürzel, z. B. DE123456789',
  iban: 'Diese IBAN ist ungültig. Bitte prüfe sie noch einmal (Tippfehler?).',
  kontoinhaber: 'Bitte gib den Kontoinhaber an',
  kontoinhaberLatin:
    'Bitte gib den Kontoinhaber in lateinischen Buchstaben an, wie ihn die Bank führt: SEPA-Überweisungen können andere Schriften nicht übertragen.',
  currentPassword: 'Zum Ändern der Bankverbindung brauchen wir dein aktuelles Passwort',
  wrongPassword: 'Das aktuelle Passwort stimmt nicht.',
  tooManyPasswordFailures:
    'Das aktuelle Passwort wurde zu oft falsch eingegeben. Bitte warte 15 Minuten und versuche es dann noch einmal.',
  businessSaved: 'Deine Geschäftsdaten sind gespeichert.',
  bankChanged:
    'Deine Geschäftsdaten sind gespeichert. Wir haben dir zur Sicherheit eine E-Mail über die neue Bankverbindung geschickt.',
  passwordChanged: 'Dein Passwort ist geändert. Auf anderen Geräten musst du dich neu anmelden.',
  samePassword: 'Das neue Passwort muss sich vom aktuellen unterscheiden',
  imageMissing: 'Bitte wähle ein Bild aus (JPEG, PNG oder WebP, höchstens 10 MB).',
  imageSaved: 'Das Bild ist gespeichert.',
  imageRemoved: 'Das Bild ist entfernt.',
  tooManyUploads:
    'Du hast in der letzten Stunde sehr viele Bilder hochgeladen. Bitte versuche es später noch einmal.',
} as const;

/** An http(s) address with a host that has a dot (umlaut domains allowed), no spaces. */
const WEB_ADDRESS = /^https?:\/\/([\p{L}\p{N}-]+\.)+[\p{L}]{2,}(:\d{1,5})?([/?#]\S*)?$/iu;

/** 'www.hof.de' → 'https://www.hof.de'; null when it is no web address. */
export function normalizeWebAddress(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const withScheme = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  return WEB_ADDRESS.test(withScheme) ? withScheme : null;
}

const webAddress = plainText(z.string({ error: PROFILE_MESSAGES.url }).trim())
  .max(PROFILE_LIMITS.url, { error: VALIDATION.tooLong(PROFILE_LIMITS.url) })
  .optional()
  .nullable()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const url = normalizeWebAddress(value);
    if (!url) {
      ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.url });
      return z.NEVER;
    }
    return url;
  });

const hoursSchema = z.strictObject(
  Object.fromEntries(
    WEEKDAYS.map((day) => [
      day,
      optionalLine(PROFILE_LIMITS.hours).transform((value) => value ?? ''),
    ]),
  ) as Record<Weekday, z.ZodPipe<ReturnType<typeof optionalLine>, z.ZodTransform<string>>>,
);

/** PUT /vendor-auth/profile: every public field of the producer's profile (spec §3 "Public vendor"). */
export const vendorProfileUpdateSchema = z.strictObject({
  name: requiredLine(VALIDATION.nameRequired, REGISTRATION_LIMITS.name),
  unternehmen: optionalLine(REGISTRATION_LIMITS.unternehmen),
  slogan: optionalLine(PROFILE_LIMITS.slogan),
  beschreibung: optionalText(PROFILE_LIMITS.beschreibung),
  telefon: optionalPhone,
  publicEmail: z
    .union([z.literal(''), z.null(), emailField(PROFILE_MESSAGES.publicEmail)], {
      error: PROFILE_MESSAGES.publicEmail,
    })
    .optional()
    .transform((value) => (value ? value : undefined)),
  website: webAddress,
  facebook: webAddress,
  instagram: webAddress,
  oeffnungszeiten: hoursSchema,
  tagIds: z
    .array(z.uuid({ error: PROFILE_MESSAGES.unknownTag }), { error: PROFILE_MESSAGES.unknownTag })
    .max(PROFILE_LIMITS.tags, { error: PROFILE_MESSAGES.tags })
    .transform((ids) => [...new Set(ids)]),
  strasse: addressStepSchema.shape.strasse,
  hausnummer: addressStepSchema.shape.hausnummer,
  plz: addressStepSchema.shape.plz,
  ort: addressStepSchema.shape.ort,
  /** The producer agrees to be listed; the admin's release (isPublic) is still needed. */
  profileVisible: z.boolean({ error: 'Bitte ja oder nein angeben' }),
});
export type VendorProfileUpdateInput = z.input<typeof vendorProfileUpdateSchema>;

export const PICTURE_MESSAGES = {
  choose: 'Bitte wähle ein Bild.',
  type: 'Erlaubt sind JPEG, PNG und WebP.',
  tooLarge: 'Das Bild ist zu groß (höchstens 10 MB).',
} as const;

/** The producer's profile or banner picture, as its form checks it before the upload. */
export const pictureFormSchema = z.object({
  file: chosenFile(PICTURE_MESSAGES.choose)
    .refine((file) => (PICTURE_TYPES as readonly string[]).includes(file.type ?? ''), {
      error: PICTURE_MESSAGES.type,
    })
    .refine((file) => file.size <= PICTURE_MAX_BYTES, { error: PICTURE_MESSAGES.tooLarge }),
});

export const TAX_STATUSES = ['regelbesteuert', 'kleinunternehmer', 'pauschaliert'] as const;
export type TaxStatus = (typeof TAX_STATUSES)[number];
export const TAX_STATUS_LABELS: Record<TaxStatus, string> = {
  regelbesteuert: 'Regelbesteuert (mit Umsatzsteuer)',
  kleinunternehmer: 'Kleinunternehmer nach § 19 UStG (keine Umsatzsteuer)',
  pauschaliert: 'Pauschalierender Land- und Forstwirt nach § 24 UStG (Durchschnittssatz)',
};

/** 'de89 3704 0044 0532 0130 00' → 'DE89370400440532013000' */
export function compactIban(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** Lengths of the IBANs of SEPA countries (ISO 13616); others are checked by their digits only. */
const IBAN_LENGTHS: Record<string, number> = {
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
};

/** The IBAN's check digits (ISO 7064 mod 97-10) and, for SEPA countries, its length. */
export function isValidIban(value: string): boolean {
  const iban = compactIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** 'DE89370400440532013000' → 'DE89 3704 0044 0532 0130 00' */
export function formatIban(value: string): string {
  return compactIban(value)
    .replace(/(.{4})/g, '$1 ')
    .trim();
}

/** 'DE89 **** **** **** **30 00': what the answers show of a stored IBAN. */
export function maskIban(value: string): string {
  const iban = compactIban(value);
  const masked = iban.slice(0, 4) + '*'.repeat(Math.max(0, iban.length - 8)) + iban.slice(-4);
  return formatIban(masked);
}

/**
 * PUT /vendor-auth/business: what the monthly settlement needs (docs/product/money.md): tax status
 * and number, bank account for the payout. Without
 * `iban` the stored account stays (answers show it masked only). A new or
 * changed bank account or holder needs the current password (and is mailed).
 */
export const vendorBusinessUpdateSchema = z
  .strictObject({
    taxStatus: z.enum(TAX_STATUSES, { error: PROFILE_MESSAGES.taxStatus }),
    steuernummer: plainText(z.string({ error: PROFILE_MESSAGES.steuernummer }).trim())
      .max(PROFILE_LIMITS.steuernummer, { error: PROFILE_MESSAGES.steuernummer })
      .optional()
      .nullable()
      .transform((value) => (value ? value : undefined))
      .refine(
        (value) =>
          value === undefined ||
          (/^[\d/ ]+$/.test(value) &&
            value.replace(/\D/g, '').length >= 10 &&
            value.replace(/\D/g, '').length <= 13),
        { error: PROFILE_MESSAGES.steuernummer },
      ),
    ustIdNr: plainText(z.string({ error: PROFILE_MESSAGES.ustIdNr }).trim())
      .max(PROFILE_LIMITS.ustIdNr + 4, { error: PROFILE_MESSAGES.ustIdNr })
      .optional()
      .nullable()
      .transform((value) => (value ? value.replace(/\s/g, '').toUpperCase() : undefined))
      .refine(
        (value) =>
          value === undefined ||
          (value.startsWith('DE')
            ? /^DE\d{9}$/.test(value)
            : /^[A-Z]{2}[A-Z0-9]{2,12}$/.test(value)),
        { error: PROFILE_MESSAGES.ustIdNr },
      ),
    iban: plainText(z.string({ error: PROFILE_MESSAGES.iban }).trim())
      .max(42, { error: PROFILE_MESSAGES.iban })
      .optional()
      .nullable()
      .transform((value) => (value ? compactIban(value) : undefined))
      .refine((value) => value === undefined || isValidIban(value), {
        error: PROFILE_MESSAGES.iban,
      }),
    kontoinhaber: optionalLine(PROFILE_LIMITS.kontoinhaber).refine(
      (value) => value === undefined || hasSepaLetters(value),
      { error: PROFILE_MESSAGES.kontoinhaberLatin },
    ),
    currentPassword: plainText(z.string({ error: PROFILE_MESSAGES.currentPassword }))
      .max(PASSWORD_MAX, { error: VALIDATION.passwordMax })
      .optional()
      .nullable()
      .transform((value) => (value ? value : undefined)),
  })
  .superRefine((data, ctx) => {
    if (data.taxStatus === 'regelbesteuert' && !data.steuernummer && !data.ustIdNr) {
      ctx.addIssue({ code: 'custom', path: ['steuernummer'], message: PROFILE_MESSAGES.taxId });
    }
    if (data.iban && !data.kontoinhaber) {
      ctx.addIssue({
        code: 'custom',
        path: ['kontoinhaber'],
        message: PROFILE_MESSAGES.kontoinhaber,
      });
    }
  });
export type VendorBusinessUpdateInput = z.input<typeof vendorBusinessUpdateSchema>;

/** The business data as the producer's own answers show it (IBAN masked). */
export const vendorBusinessSchema = z.object({
  taxStatus: z.enum(TAX_STATUSES).nullable(),
  steuernummer: z.string().nullable(),
  ustIdNr: z.string().nullable(),
  ibanMasked: z.string().nullable(),
  kontoinhaber: z.string().nullable(),
  bankChangedAt: z.string().nullable(),
});
export type VendorBusiness = z.infer<typeof vendorBusinessSchema>;

export const vendorBusinessResponseSchema = successResponse({
  message: z.string(),
  business: vendorBusinessSchema,
});

/** POST /vendor-auth/password */
export const vendorPasswordChangeSchema = z
  .strictObject({
    currentPassword: plainText(z.string({ error: VALIDATION.passwordRequired }))
      .min(1, { error: VALIDATION.passwordRequired })
      .max(PASSWORD_MAX, { error: VALIDATION.passwordMax }),
    newPassword: passwordSchema,
    confirmPassword: plainText(z.string({ error: VALIDATION.passwordMismatch })),
  })
  .refine((data) => data.newPassword === data.confirmPassword, {
    error: VALIDATION.passwordMismatch,
    path: ['confirmPassword'],
  })
  .refine((data) => data.newPassword !== data.currentPassword, {
    error: PROFILE_MESSAGES.samePassword,
    path: ['newPassword'],
  });

/** GET /vendor-auth/tags: the tags a producer can choose for its profile (product categories first). */
export const vendorTagChoicesResponseSchema = successResponse({
  tags: z.array(publicTagSchema),
});
