import { z } from './zod';
import { CONTEST_LIMITS } from '../limits';
import { VALIDATION } from '../messages';
import { emailField, optionalPhone, requiredLine } from './common';

/** /vendors and POST /api/vendor-contest/submit. */
export const contestEntrySchema = z.object({
  name: requiredLine(VALIDATION.contestRequired, CONTEST_LIMITS.name),
  email: emailField(VALIDATION.contactEmail, VALIDATION.contestRequired),
  phone: optionalPhone,
  guessedVendors: z
    .array(requiredLine(VALIDATION.contestRequired, CONTEST_LIMITS.guess), {
      error: VALIDATION.contestRequired,
    })
    .length(3, { error: VALIDATION.contestRequired }),
});
export type ContestEntryInput = z.input<typeof contestEntrySchema>;
export type ContestEntry = z.output<typeof contestEntrySchema>;
