import { z } from './zod';
import { CONTACT_LIMITS } from '../limits';
import { VALIDATION } from '../messages';
import { emailField, optionalPhone, requiredLine, requiredText } from './common';

/** /kontakt and POST /api/contact (spec §5). */
export const contactSchema = z.object({
  name: requiredLine(VALIDATION.contactName, CONTACT_LIMITS.name),
  email: emailField(VALIDATION.contactEmail, VALIDATION.contactEmailRequired),
  phone: optionalPhone,
  subject: requiredLine(VALIDATION.contactSubject, CONTACT_LIMITS.subject),
  message: requiredText(VALIDATION.contactMessage, CONTACT_LIMITS.message),
});
export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;
