import { z } from './zod';
import { emailField, plainText, successResponse } from './common';
import { VALIDATION } from '../messages';

/** /api/admin/email-templates: the texts of every mail the product sends. */

export const EMAIL_TEMPLATE_MESSAGES = {
  subject: 'Bitte gib einen Betreff ein.',
  body: 'Bitte gib den Text der E-Mail ein.',
  notFound: 'Diese E-Mail-Vorlage gibt es nicht.',
  testAddress: 'Bitte gib eine gültige E-Mail-Adresse für den Test ein.',
  saved: 'Die Vorlage ist gespeichert; die E-Mails verwenden sie ab jetzt.',
  reset: 'Die Vorlage ist auf den Standardtext zurückgesetzt.',
} as const;

export const SUBJECT_MAX = 200;
export const BODY_MAX = 10_000;

export const placeholderInfoSchema = z.object({
  name: z.string(),
  description: z.string(),
  sample: z.string(),
  bodyOnly: z.boolean(),
});

export const emailTemplateSchema = z.object({
  key: z.string(),
  title: z.string(),
  recipient: z.string(),
  occasion: z.string(),
  subject: z.string(),
  body: z.string(),
  defaultSubject: z.string(),
  defaultBody: z.string(),
  placeholders: z.array(placeholderInfoSchema),
  /** The placeholder that becomes the button when it stands alone in a paragraph. */
  button: z.object({ placeholder: z.string(), label: z.string() }).nullable(),
  required: z.array(z.string()),
  /** An admin's version is in use (else the default). */
  isCustom: z.boolean(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailTemplatesResponseSchema = successResponse({
  templates: z.array(emailTemplateSchema),
});
export const emailTemplateResponseSchema = successResponse({
  template: emailTemplateSchema,
  message: z.string().optional(),
});

export const templateKeyParamsSchema = z.object({ key: z.string().max(60) });

/** PUT /api/admin/email-templates/:key, and the draft of preview and test. */
export const emailTemplateTextsSchema = z.strictObject({
  subject: plainText(z.string({ error: EMAIL_TEMPLATE_MESSAGES.subject }).trim())
    .min(1, { error: EMAIL_TEMPLATE_MESSAGES.subject })
    .max(SUBJECT_MAX, { error: VALIDATION.tooLong(SUBJECT_MAX) }),
  body: plainText(z.string({ error: EMAIL_TEMPLATE_MESSAGES.body }), 'multi-line')
    .refine((value) => value.trim().length > 0, { error: EMAIL_TEMPLATE_MESSAGES.body })
    .refine((value) => value.length <= BODY_MAX, { error: VALIDATION.tooLong(BODY_MAX) })
    .transform((value) => value.replace(/\r\n/g, '\n').trim()),
});
export type EmailTemplateTexts = z.input<typeof emailTemplateTextsSchema>;

export const emailTemplateTestSchema = z.strictObject({
  ...emailTemplateTextsSchema.shape,
  email: emailField(EMAIL_TEMPLATE_MESSAGES.testAddress),
});

export const emailTemplatePreviewResponseSchema = successResponse({
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
