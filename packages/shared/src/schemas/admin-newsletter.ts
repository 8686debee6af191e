import { z } from './zod';
import { emailField, plainText, requiredLine, requiredText, successResponse } from './common';
import { pageQuery, paginationSchema } from './admin';

/** /api/admin/newsletter: subscribers, writing and sending newsletters. */

export const SUBSCRIBER_TYPES = ['customer', 'vendor'] as const;
export const SUBSCRIBER_TYPE_LABELS: Record<(typeof SUBSCRIBER_TYPES)[number], string> = {
  customer: 'Kundschaft',
  vendor: 'Direktvermarkter',
};
export const SUBSCRIBER_STATES = ['pending', 'confirmed', 'unsubscribed'] as const;
export const SUBSCRIBER_STATE_LABELS: Record<(typeof SUBSCRIBER_STATES)[number], string> = {
  pending: 'Wartet auf Bestätigung',
  confirmed: 'Bestätigt',
  unsubscribed: 'Abgemeldet',
};
export const AUDIENCES = ['customer', 'vendor', 'all'] as const;
export const AUDIENCE_LABELS: Record<(typeof AUDIENCES)[number], string> = {
  customer: 'Kundschaft',
  vendor: 'Direktvermarkter',
  all: 'Alle',
};

export const NEWSLETTER_ADMIN_MESSAGES = {
  subject: 'Bitte gib einen Betreff ein.',
  body: 'Bitte schreib den Text des Newsletters.',
  audience: 'Bitte wähle, wer den Newsletter bekommt.',
  testAddress: 'Bitte gib eine gültige E-Mail-Adresse für den Test ein.',
  notFound: 'Diesen Abonnenten gibt es nicht (mehr).',
  noRecipients: 'An diese Gruppe gibt es keine bestätigten Abonnenten. Es wurde nichts verschickt.',
  sentAlready:
    'Genau diesen Newsletter hast du gerade eben schon verschickt. Er geht nicht ein zweites Mal hinaus.',
} as const;

export const subscriberQuerySchema = z.object({
  ...pageQuery,
  search: plainText(z.string().trim()).max(100, { error: 'Höchstens 100 Zeichen' }).optional(),
  type: z.enum(SUBSCRIBER_TYPES, { error: 'Unbekannte Art' }).optional(),
  status: z.enum(SUBSCRIBER_STATES, { error: 'Unbekannter Status' }).optional(),
});
export type SubscriberQuery = z.output<typeof subscriberQuerySchema>;

export const adminSubscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  type: z.enum(SUBSCRIBER_TYPES),
  status: z.enum(SUBSCRIBER_STATES),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export type AdminSubscriber = z.infer<typeof adminSubscriberSchema>;

export const subscribersResponseSchema = successResponse({
  subscribers: z.array(adminSubscriberSchema),
  pagination: paginationSchema,
});

const newsletterFields = {
  subject: requiredLine(NEWSLETTER_ADMIN_MESSAGES.subject, 150),
  body: requiredText(NEWSLETTER_ADMIN_MESSAGES.body, 20_000),
};

export const newsletterDraftSchema = z.strictObject({
  ...newsletterFields,
  audience: z.enum(AUDIENCES, { error: NEWSLETTER_ADMIN_MESSAGES.audience }),
});
export type NewsletterDraft = z.input<typeof newsletterDraftSchema>;

export const newsletterTestSchema = z.strictObject({
  ...newsletterFields,
  email: emailField(NEWSLETTER_ADMIN_MESSAGES.testAddress),
});

export const newsletterPreviewResponseSchema = successResponse({
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  recipients: z.number(),
});

export const newsletterIssueSchema = z.object({
  id: z.string(),
  subject: z.string(),
  audience: z.enum(AUDIENCES),
  recipientCount: z.number(),
  adminName: z.string(),
  createdAt: z.string(),
});

export const newsletterIssuesResponseSchema = successResponse({
  issues: z.array(newsletterIssueSchema),
});

export const newsletterSentResponseSchema = successResponse({
  message: z.string(),
  issue: newsletterIssueSchema,
});

/** The form of an unsubscribe link's token: 32 random bytes, base64url (43 characters). */
export const UNSUBSCRIBE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** POST /api/newsletter/unsubscribe (public): the token from the mail's link. */
export const unsubscribeSchema = z.strictObject({
  token: z
    .string({ error: 'Dieser Abmeldelink ist ungültig.' })
    .regex(UNSUBSCRIBE_TOKEN, { error: 'Dieser Abmeldelink ist ungültig.' }),
});
