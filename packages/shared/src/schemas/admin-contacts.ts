import { z } from './zod';
import { plainText, requiredLine, requiredText, successResponse } from './common';
import { pageQuery, paginationSchema } from './admin';

/** /api/admin/contacts: the inbox of contact messages (Kontaktanfragen). */

export const CONTACT_STATUSES = ['new', 'in_progress', 'done'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  new: 'Neu',
  in_progress: 'In Bearbeitung',
  done: 'Erledigt',
};

export const CONTACT_MESSAGES = {
  status: 'Bitte wähle neu, in Bearbeitung oder erledigt.',
  subject: 'Bitte gib einen Betreff ein.',
  body: 'Bitte schreib eine Antwort.',
  notFound: 'Diese Nachricht gibt es nicht (mehr).',
} as const;

export const adminContactQuerySchema = z.object({
  ...pageQuery,
  search: plainText(z.string().trim()).max(100, { error: 'Höchstens 100 Zeichen' }).optional(),
  status: z.enum(CONTACT_STATUSES, { error: CONTACT_MESSAGES.status }).optional(),
});
export type AdminContactQuery = z.output<typeof adminContactQuerySchema>;

export const adminContactSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  replyCount: z.number(),
  createdAt: z.string(),
});
export type AdminContact = z.infer<typeof adminContactSchema>;

export const contactReplySchema = z.object({
  id: z.string(),
  adminName: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
});

export const adminContactDetailSchema = adminContactSchema.extend({
  replies: z.array(contactReplySchema),
});
export type AdminContactDetail = z.infer<typeof adminContactDetailSchema>;

export const adminContactsResponseSchema = successResponse({
  contacts: z.array(adminContactSchema),
  pagination: paginationSchema,
  /** Messages per status, for the filter. */
  counts: z.object({ new: z.number(), in_progress: z.number(), done: z.number() }),
});

export const adminContactResponseSchema = successResponse({
  contact: adminContactDetailSchema,
});

export const updateContactSchema = z.strictObject({
  status: z.enum(CONTACT_STATUSES, { error: CONTACT_MESSAGES.status }),
});

/** POST /api/admin/contacts/:id/reply: goes to the sender through the outbox. */
export const contactReplyInputSchema = z.strictObject({
  subject: requiredLine(CONTACT_MESSAGES.subject, 200),
  body: requiredText(CONTACT_MESSAGES.body, 10_000),
});
export type ContactReplyInput = z.input<typeof contactReplyInputSchema>;
