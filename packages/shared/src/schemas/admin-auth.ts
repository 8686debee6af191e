import { z } from './zod';
import { plainText, requiredLine, successResponse } from './common';
import { passwordSchema } from './registration';

/**
 * The admin's sign-in (spec §6, §7; docs/product/admin.md). The admin pages
 * are German; the login messages of spec §8 stay English.
 */
export const ADMIN_MESSAGES = {
  usernameRequired: 'Bitte gib einen Benutzernamen ein.',
  usernameFormat:
    'Der Benutzername hat 3 bis 40 Zeichen: Kleinbuchstaben ohne Umlaute, Ziffern, Punkt, Binde- oder Unterstrich.',
  nameRequired: 'Bitte gib deinen Namen ein.',
  setupCodeRequired: 'Bitte gib den Einrichtungscode ein.',
  setupCodeWrong: 'Der Einrichtungscode ist falsch.',
  setupDone: 'Es gibt bereits einen Administrator. Bitte melde dich an.',
  usernameTaken: 'Diesen Benutzernamen gibt es schon.',
  lastActiveAdmin: 'Der letzte aktive Administrator kann nicht deaktiviert werden.',
  passwordMismatch: 'Die Passwörter stimmen nicht überein',
} as const;

/** Lower case letters, digits, dot, dash, underscore; 3 to 40 characters. */
export const adminUsernameSchema = plainText(
  z.string({ error: ADMIN_MESSAGES.usernameRequired }).trim().toLowerCase(),
)
  .min(1, { error: ADMIN_MESSAGES.usernameRequired })
  .regex(/^[a-z0-9._-]{3,40}$/, { error: ADMIN_MESSAGES.usernameFormat });

export const adminNameSchema = requiredLine(ADMIN_MESSAGES.nameRequired, 100);

/** POST /api/auth/setup: the first admin, with the setup code from the server's log. */
export const adminSetupSchema = z.object({
  setupCode: plainText(z.string({ error: ADMIN_MESSAGES.setupCodeRequired }).trim())
    .min(1, { error: ADMIN_MESSAGES.setupCodeRequired })
    .max(200, { error: ADMIN_MESSAGES.setupCodeWrong }),
  username: adminUsernameSchema,
  name: adminNameSchema,
  password: passwordSchema,
});
export type AdminSetupInput = z.input<typeof adminSetupSchema>;

/** The signed-in admin as the client keeps it. */
export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  isAdmin: z.literal(true),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminLoginResponseSchema = successResponse({
  token: z.string(),
  user: adminUserSchema,
});
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;

export const adminCheckResponseSchema = successResponse({
  user: adminUserSchema,
});

/** GET /api/auth/setup: whether /admin/setup can still create the first admin. */
export const adminSetupStatusResponseSchema = successResponse({
  setupNeeded: z.boolean(),
});

/** The /admin/setup form: the setup body with the password typed twice. */
export const adminSetupFormSchema = adminSetupSchema
  .extend({
    confirmPassword: plainText(z.string({ error: ADMIN_MESSAGES.passwordMismatch })),
  })
  .refine((data) => data.password === data.confirmPassword, {
    error: ADMIN_MESSAGES.passwordMismatch,
    path: ['confirmPassword'],
  });
export type AdminSetupFormInput = z.input<typeof adminSetupFormSchema>;
