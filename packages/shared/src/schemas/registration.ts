import { z } from './zod';
import { PASSWORD_RULES, VALIDATION } from '../messages';
import { emailField, optionalLine, optionalPhone, requiredLine } from './common';
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

export const passwordSchema = z
  .string({ error: VALIDATION.passwordMin })
  .max(128, { error: VALIDATION.passwordMax })
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
    confirmPassword: z.string({ error: VALIDATION.passwordMismatch }),
  })
  .refine((data) => data.password === data.confirmPassword, {
    error: VALIDATION.passwordMismatch,
    path: ['confirmPassword'],
  });

/** Step 1, login mode: e-mail and a non-empty password. */
export const loginStepSchema = z.object({
  email: registrationEmail,
  password: z
    .string({ error: VALIDATION.passwordRequired })
    .min(1, { error: VALIDATION.passwordRequired })
    .max(128, { error: VALIDATION.passwordMax }),
});

/** Step 2: personal data. */
export const personalStepSchema = z.object({
  name: requiredLine(VALIDATION.nameRequired, 100),
  telefon: optionalPhone,
  unternehmen: optionalLine(150),
});

/** Step 3: address and optional comments. */
export const addressStepSchema = z.object({
  strasse: requiredLine(VALIDATION.addressRequired, 120),
  hausnummer: requiredLine(VALIDATION.addressRequired, 10),
  plz: z
    .string({ error: VALIDATION.addressRequired })
    .trim()
    .min(1, { error: VALIDATION.addressRequired })
    .regex(/^\d{5}$/, { error: VALIDATION.plz }),
  ort: requiredLine(VALIDATION.addressRequired, 100),
  comments: z
    .string({ error: VALIDATION.commentsBlank })
    .max(500, { error: VALIDATION.commentsMax })
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

/** The full registration body: every step plus the package. */
export const registrationSchema = z
  .object({
    ...accountStepSchema.shape,
    ...personalStepSchema.shape,
    ...addressStepSchema.shape,
    ...confirmationStepSchema.shape,
    packageData: packageDataSchema,
  })
  .refine((data) => data.password === data.confirmPassword, {
    error: VALIDATION.passwordMismatch,
    path: ['confirmPassword'],
  });
export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;

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

export const registrationResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  userId: z.string().optional(),
  openingInfo: z
    .object({ isOpen: z.boolean(), openingDate: z.string().nullable(), message: z.string() })
    .optional(),
});
export type RegistrationResult = z.infer<typeof registrationResultSchema>;
