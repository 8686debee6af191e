// The admin's forms of the settlement (issue 26) that differ from the API's bodies.
import { requiredLine } from './common';
import { z } from './zod';

export const MANUAL_LINE_FORM_MESSAGES = {
  vendor: 'Bitte einen Direktvermarkter wählen',
  direction: 'Bitte wählen: Erstattung oder Belastung',
  text: 'Bitte beschreiben, wofür die Position ist',
  amount: 'Bitte einen Betrag über 0 € eingeben, z. B. 12,50',
  vatRate: 'Bitte einen Steuersatz wählen',
} as const;

/**
 * The admin's form for a manual line: a direction and an amount above zero, which the page turns
 * into the signed grossCents of the API (> 0 in favour of the producer).
 */
export const manualLineFormSchema = z.object({
  vendorId: z.string().min(1, { error: MANUAL_LINE_FORM_MESSAGES.vendor }),
  direction: z.enum(['erstattung', 'belastung'], { error: MANUAL_LINE_FORM_MESSAGES.direction }),
  text: requiredLine(MANUAL_LINE_FORM_MESSAGES.text, 200),
  amountCents: z
    .number({ error: MANUAL_LINE_FORM_MESSAGES.amount })
    .int({ error: MANUAL_LINE_FORM_MESSAGES.amount })
    .min(1, { error: MANUAL_LINE_FORM_MESSAGES.amount })
    .max(10_000_000, { error: MANUAL_LINE_FORM_MESSAGES.amount }),
  vatRateBp: z.enum(['0', '700', '780', '1900'], { error: MANUAL_LINE_FORM_MESSAGES.vatRate }),
});
export type ManualLineForm = z.infer<typeof manualLineFormSchema>;
