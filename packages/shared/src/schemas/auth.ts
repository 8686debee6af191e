import { z } from './zod';
import { PASSWORD_MAX } from '../limits';
import { VALIDATION } from '../messages';
import { emailField, plainText } from './common';

/** /vendor/login and POST /api/vendor-auth/login. */
export const vendorLoginSchema = z.object({
  email: emailField(VALIDATION.emailLogin, VALIDATION.loginFieldsRequired),
  password: plainText(z.string({ error: VALIDATION.loginFieldsRequired }))
    .min(1, { error: VALIDATION.loginFieldsRequired })
    .max(PASSWORD_MAX, { error: VALIDATION.passwordMax }),
});
export type VendorLoginInput = z.input<typeof vendorLoginSchema>;

/** POST /api/auth/login (admin). The admin area speaks English in places (spec §1). */
export const adminLoginSchema = z.object({
  username: plainText(z.string({ error: 'Username and password are required' }).trim())
    .min(1, { error: 'Username and password are required' })
    .max(100, { error: 'Username is too long' }),
  password: plainText(z.string({ error: 'Username and password are required' }))
    .min(1, { error: 'Username and password are required' })
    .max(128, { error: 'Password is too long' }),
});
export type AdminLoginInput = z.input<typeof adminLoginSchema>;
