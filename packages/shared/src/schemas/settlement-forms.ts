// The admin's forms of the settlement (issue 26) that differ from the API's bodies.
import { requiredLine } from './common';
import { z } from './zod';

export const MANUAL_LINE_FORM_MESSAGES = {
  vendor: 'Bitte einen Direktvermarkter wählen',
  kind: 'Bitte wählen: Der Laden berechnet etwas, oder er erstattet etwas',
  direction: 'Bitte wählen: Der Direktvermarkter zahlt, oder eine Gutschrift',
  text: 'Bitte beschreiben, wofür die Position ist',
  amount: 'Bitte einen Betrag über 0 € eingeben, z. B. 12,50',
  vatRate: 'Bitte einen Steuersatz wählen',
} as const;

/**
 * The admin's form for a manual line: its kind (a charge by the shop, or a refund that is no
 * supply), for a charge a direction and a rate (19 % or 7 %), and an amount above zero, which the
 * page turns into the API's body (a charge's grossCents > 0: the producer pays).
 */
export const manualLineFormSchema = z.object({
  vendorId: z.string().min(1, { error: MANUAL_LINE_FORM_MESSAGES.vendor }),
  kind: z.enum(['charge', 'refund'], { error: MANUAL_LINE_FORM_MESSAGES.kind }),
  /** a charge: the producer pays (belastung), or a credit on the invoice (gutschrift) */
  direction: z.enum(['belastung', 'gutschrift'], { error: MANUAL_LINE_FORM_MESSAGES.direction }),
  text: requiredLine(MANUAL_LINE_FORM_MESSAGES.text, 200),
  amountCents: z
    .number({ error: MANUAL_LINE_FORM_MESSAGES.amount })
    .int({ error: MANUAL_LINE_FORM_MESSAGES.amount })
    .min(1, { error: MANUAL_LINE_FORM_MESSAGES.amount })
    .max(10_000_000, { error: MANUAL_LINE_FORM_MESSAGES.amount }),
  /** a charge's rate; a refund has none (the field is not shown) */
  vatRateBp: z.enum(['1900', '700'], { error: MANUAL_LINE_FORM_MESSAGES.vatRate }),
});
export type ManualLineForm = z.infer<typeof manualLineFormSchema>;
