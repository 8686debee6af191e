import { z } from './zod';
import { plainText, requiredLine, successResponse } from './common';
import { pageQuery, paginationSchema } from './admin';

/** /api/admin/vendor-contest: entries, ranking, export and the draw (Wettbewerb). */

export const CONTEST_ADMIN_MESSAGES = {
  answer: 'Bitte gib alle drei richtigen Direktvermarkter ein.',
  answersDistinct: 'Bitte gib drei verschiedene Direktvermarkter ein.',
  stillOpen:
    'Der Wettbewerb läuft noch. Ausgelost wird, wenn er beendet ist (ausgeschaltet, Einsendeschluss vorbei oder der Laden eröffnet).',
  noWinner:
    'Niemand hat einen der drei Direktvermarkter richtig geraten. Es gibt nichts auszulosen.',
} as const;

export const adminContestQuerySchema = z.object({
  ...pageQuery,
  search: plainText(z.string().trim()).max(100, { error: 'Höchstens 100 Zeichen' }).optional(),
});
export type AdminContestQuery = z.output<typeof adminContestQuerySchema>;

export const adminContestEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  guesses: z.array(z.string()),
  createdAt: z.string(),
});
export type AdminContestEntry = z.infer<typeof adminContestEntrySchema>;

export const contestDrawSchema = z.object({
  id: z.string(),
  answers: z.array(z.string()),
  bestScore: z.number(),
  candidateCount: z.number(),
  winnerName: z.string(),
  winnerEmail: z.string().nullable(),
  adminName: z.string(),
  createdAt: z.string(),
});
export type ContestDraw = z.infer<typeof contestDrawSchema>;

export const adminContestResponseSchema = successResponse({
  /** Entries are taken right now. */
  open: z.boolean(),
  contest: z.object({ active: z.boolean(), closingDate: z.string().nullable() }),
  entries: z.array(adminContestEntrySchema),
  pagination: paginationSchema,
  /** How often each producer was guessed, most often first. */
  ranking: z.array(z.object({ name: z.string(), count: z.number() })),
  draws: z.array(contestDrawSchema),
});

const answer = requiredLine(CONTEST_ADMIN_MESSAGES.answer, 100);

/** The three producers who really are there at the opening. */
export const contestAnswersSchema = z.strictObject({
  answers: z
    .array(answer, { error: CONTEST_ADMIN_MESSAGES.answer })
    .length(3, { error: CONTEST_ADMIN_MESSAGES.answer })
    .refine(
      (list) =>
        new Set(list.map((a) => a.toLocaleLowerCase('de-DE').replace(/\s+/g, ' '))).size === 3,
      { error: CONTEST_ADMIN_MESSAGES.answersDistinct },
    ),
});
export type ContestAnswersInput = z.input<typeof contestAnswersSchema>;

/** POST /evaluate: the entries with the most right guesses for these answers. */
export const contestEvaluationResponseSchema = successResponse({
  score: z.number(),
  best: z.array(adminContestEntrySchema),
});

/** POST /draw: the recorded draw and who could have won. */
export const contestDrawResponseSchema = successResponse({
  draw: contestDrawSchema,
  best: z.array(adminContestEntrySchema),
});
