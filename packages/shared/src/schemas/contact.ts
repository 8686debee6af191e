import { z } from './zod';
import { VALIDATION } from '../messages';
import { emailField, optionalPhone, requiredLine, requiredText } from './common';

/** /kontakt and POST /api/contact (spec §5). */
export const contactSchema = z.object({
  name: requiredLine(VALIDATION.contactName, 100),
  email: emailField(VALIDATION.contactEmail, VALIDATION.contactEmailRequired),
  phone: optionalPhone,
  subject: requiredLine(VALIDATION.contactSubject, 200),
  message: requiredText(VALIDATION.contactMessage, 5000),
});
export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;
