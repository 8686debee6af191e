import { z } from './zod';
import { NEWSLETTER_NAME_MAX } from '../limits';
import { VALIDATION } from '../messages';
import { emailField, messageResponseSchema, optionalLine } from './common';

export const NEWSLETTER_TYPES = ['customer', 'vendor'] as const;
export type NewsletterType = (typeof NEWSLETTER_TYPES)[number];

/** The newsletter box and POST /api/newsletter/subscribe. */
export const newsletterSubscribeSchema = z.object({
  email: emailField(VALIDATION.newsletterEmail, VALIDATION.newsletterEmailRequired),
  name: optionalLine(NEWSLETTER_NAME_MAX),
  type: z.enum(NEWSLETTER_TYPES, { error: VALIDATION.newsletterType }).default('customer'),
});
export type NewsletterSubscribeInput = z.input<typeof newsletterSubscribeSchema>;
export type NewsletterSubscribe = z.output<typeof newsletterSubscribeSchema>;

export const newsletterSubscribeResponseSchema = messageResponseSchema;
export const newsletterConfirmResponseSchema = messageResponseSchema;

/** Tokens are 32 random bytes, base64url: 43 characters. */
export const tokenParamSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/),
});
