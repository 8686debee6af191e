import { z } from './zod';
import { PASSWORD_MAX, REGISTRATION_LIMITS } from '../limits';
import { PASSWORD_RULES, VALIDATION } from '../messages';
import {
  emailField,
  optionalLine,
  optionalPhone,
  plainText,
  requiredLine,
  successResponse,
} from './common';
import { packageDataSchema } from './booking';

const PASSWORD_TESTS: Record<(typeof PASSWORD_RULES)[number]['id'], (pw: string) => boolean> = {
  length: (pw) => pw.length >= 8,
  upper: (pw) => /[A-Z]/.test(pw),
  lower: (pw) => /[a-z]/.test(pw),
  digit: (pw) => /\d/.test(pw),
  special: (pw) => /[@$!%*?&]/.test(pw),
};

/** Only letters without umlauts, digits and @$!%*?& (spec §5: "no other characters"). */
const PASSWORD_CHARSET = /^[A-Za-z\d@$!%*?&]*$/;

/** The live checklist: which rules a password meets. */
export function passwordChecklist(password: string) {
  return PASSWORD_RULES.map((rule) => ({
    id: rule.id,
    label: rule.label,
    met: PASSWORD_TESTS[rule.id](password),
  }));
}

/** 'Fehlend: Ein Großbuchstabe, Eine Zahl', or undefined when every rule is met. */
export function passwordMissingText(password: string): string | undefined {
  const missing = passwordChecklist(password).filter((rule) => !rule.met);
  return missing.length ? `Fehlend: ${missing.map((rule) => rule.label).join(', ')}` : undefined;
}

export const passwordSchema = plainText(z.string({ error: VALIDATION.passwordMin }), 'format')
  .max(PASSWORD_MAX, { error: VALIDATION.passwordMax })
  .superRefine((password, ctx) => {
    for (const rule of PASSWORD_RULES) {
      if (!PASSWORD_TESTS[rule.id](password))
        ctx.addIssue({ code: 'custom', message: rule.message });
    }
    if (!PASSWORD_CHARSET.test(password)) {
      ctx.addIssue({ code: 'custom', message: VALIDATION.passwordCharset });
    }
  });

const registrationEmail = emailField(VALIDATION.emailRegistration);

/** Step 1, register mode: e-mail, password, confirmation. */
export const accountStepSchema = z
  .object({
    email: registrationEmail,
    password: passwordSchema,
    confirmPassword: plainText(z.string({ error: VALIDATION.passwordMismatch })),
  })
  .refine((data) => data.password === data.confirmPassword, {
    error: VALIDATION.passwordMismatch,
    path: ['confirmPassword'],
  });

/** Step 1, login mode: e-mail and a non-empty password. */
export const loginStepSchema = z.object({
  email: registrationEmail,
  password: plainText(z.string({ error: VALIDATION.passwordRequired }))
    .min(1, { error: VALIDATION.passwordRequired })
    .max(PASSWORD_MAX, { error: VALIDATION.passwordMax }),
});

/** Step 2: personal data. */
export const personalStepSchema = z.object({
  name: requiredLine(VALIDATION.nameRequired, REGISTRATION_LIMITS.name),
  telefon: optionalPhone,
  unternehmen: optionalLine(REGISTRATION_LIMITS.unternehmen),
});

/** Step 3: address and optional comments. */
export const addressStepSchema = z.object({
  strasse: requiredLine(VALIDATION.addressRequired, REGISTRATION_LIMITS.strasse),
  hausnummer: requiredLine(VALIDATION.addressRequired, REGISTRATION_LIMITS.hausnummer),
  plz: plainText(z.string({ error: VALIDATION.addressRequired }).trim(), 'format')
    .min(1, { error: VALIDATION.addressRequired })
    .regex(new RegExp(`^\\d{${REGISTRATION_LIMITS.plz}}$`), { error: VALIDATION.plz }),
  ort: requiredLine(VALIDATION.addressRequired, REGISTRATION_LIMITS.ort),
  comments: plainText(z.string({ error: VALIDATION.commentsBlank }), 'multi-line')
    .max(REGISTRATION_LIMITS.comments, { error: VALIDATION.commentsMax })
    .refine((value) => value === '' || value.trim() !== '', { error: VALIDATION.commentsBlank })
    .optional()
    .nullable()
    .transform((value) => (value ? value.trim() : undefined)),
});

/** Step 4: both agreements. */
export const confirmationStepSchema = z.object({
  agreeToTerms: z.literal(true, { error: VALIDATION.agreements }),
  agreeToPrivacy: z.literal(true, { error: VALIDATION.agreements }),
});

const registrationFields = {
  ...accountStepSchema.shape,
  ...personalStepSchema.shape,
  ...addressStepSchema.shape,
  ...confirmationStepSchema.shape,
};

/** The full registration body: every step plus the package. */
export const registrationSchema = z
  .object({ ...registrationFields, packageData: packageDataSchema })
  .refine((data) => data.password === data.confirmPassword, {
    error: VALIDATION.passwordMismatch,
    path: ['confirmPassword'],
  });
export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;

/**
 * POST /vendor-auth/preregister: the registration body, with or without a
 * package (docs/product/vendor-lifecycle.md: a producer may register interest
 * before choosing space). A package that is sent is checked like any other.
 */
export const preregistrationSchema = z
  .object({ ...registrationFields, packageData: packageDataSchema.nullish() })
  .refine((data) => data.password === data.confirmPassword, {
    error: VALIDATION.passwordMismatch,
    path: ['confirmPassword'],
  });
export type Preregistration = z.output<typeof preregistrationSchema>;

/** The German labels of the registration fields, for the error banner list (spec §2). */
export const REGISTRATION_FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'E-Mail',
  telefon: 'Telefonnummer',
  strasse: 'Straße',
  hausnummer: 'Hausnummer',
  plz: 'Postleitzahl',
  ort: 'Ort',
  unternehmen: 'Unternehmen',
  password: 'Passwort',
  confirmPassword: 'Passwort bestätigen',
  comments: 'Anmerkungen',
  agreeToTerms: 'Nutzungsbedingungen',
  agreeToPrivacy: 'Datenschutzerklärung',
  packageData: 'Paket',
};

/**
 * POST /api/vendor-auth/email-available: checked when the modal leaves step 1,
 * so a taken address is reported there and not only after step 4. Registration
 * reveals it anyway (docs/product/accounts-and-sessions.md); the final check at registration stays.
 */
export const emailAvailabilitySchema = z.object({ email: registrationEmail });
export const emailAvailabilityResponseSchema = successResponse({
  available: z.boolean(),
  /** Set when the address is taken: the same text registration answers. */
  message: z.string().optional(),
});
export type EmailAvailability = z.infer<typeof emailAvailabilityResponseSchema>;

export const registrationResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  userId: z.string().optional(),
  openingInfo: z
    .object({ isOpen: z.boolean(), openingDate: z.string().nullable(), message: z.string() })
    .optional(),
});
export type RegistrationResult = z.infer<typeof registrationResultSchema>;
