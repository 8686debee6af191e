import { packageDataAnswerSchema } from './booking';
import { requiredText, successResponse } from './common';
import { isoDay } from './settings';
import { z } from './zod';

/**
 * The waiting list (docs/decisions/0074): a pending booking request for a type with no free unit
 * waits on the list; a unit that becomes free is offered to the first, by mail, for 7 days.
 */

/** How long an offer is valid: through the 7th day after the day it was made. */
export const OFFER_VALID_DAYS = 7;

export const WAITLIST_MESSAGES = {
  entryNotFound: 'Diesen Platz auf der Warteliste gibt es nicht (mehr).',
  entryNotWaiting: 'Dieser Platz wartet nicht mehr auf der Warteliste.',
  notInType: 'Diese Anfrage steht nicht auf der Warteliste dieser Art.',
  alreadyFirst: 'Die Anfrage steht schon an erster Stelle.',
  alreadyLast: 'Die Anfrage steht schon an letzter Stelle.',
  removeReason: 'Bitte gib einen Grund an.',
  offerNotFound: 'Dieses Angebot gibt es nicht. Bitte prüfe den Link aus der E-Mail.',
  offerLapsed:
    'Dieses Angebot ist abgelaufen. Bitte buche erneut, dann kommst du wieder auf die Warteliste.',
  offerDecided: 'Über dieses Angebot ist schon entschieden.',
  accepted:
    'Danke! Deine Buchungsanfrage mit den reservierten Mietfächern liegt jetzt beim Laden zur Bestätigung. Du bekommst eine E-Mail, sobald sie bestätigt ist.',
  declined:
    'Du hast das Angebot abgelehnt. Das Mietfach geht an die nächste Anfrage der Warteliste.',
  removed: 'Die Anfrage ist von der Warteliste genommen.',
  moved: 'Die Reihenfolge ist geändert.',
  unitReserved: (unit: string, vendor: string, until: string) =>
    `Mietfach ${unit} ist für ein Angebot der Warteliste reserviert (${vendor}, bis ${until}).`,
  unitRetireReserved:
    'Deaktivieren, Löschen oder einen anderen Typ gibt es erst, wenn das Angebot erledigt ist (Warteliste, Offene Buchungen).',
  onlyToday: 'Die Warteliste läuft nur für den heutigen Tag.',
  run: (result: { lapsed: number; offered: number }) =>
    `Die Warteliste ist gelaufen: ${result.offered} ${result.offered === 1 ? 'Angebot' : 'Angebote'} verschickt, ${result.lapsed} abgelaufen.`,
} as const;

export const WAITLIST_ENTRY_STATES = ['waiting', 'offered', 'accepted'] as const;
export const OFFER_STATES = [
  'open',
  'accepted',
  'declined',
  'lapsed',
  'withdrawn',
  'done',
] as const;
export type OfferState = (typeof OFFER_STATES)[number];

export const OFFER_STATE_LABELS: Record<OfferState, string> = {
  open: 'offen',
  accepted: 'angenommen, wartet auf Bestätigung',
  declined: 'abgelehnt',
  lapsed: 'abgelaufen',
  withdrawn: 'zurückgezogen',
  done: 'erledigt',
};

const unitSchema = z.object({ id: z.string(), name: z.string(), optionId: z.string() });

export const waitlistOfferSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  vendor: z.object({ id: z.string(), name: z.string(), unternehmen: z.string().nullable() }),
  state: z.enum(OFFER_STATES),
  stateLabel: z.string(),
  offeredOn: isoDay,
  validUntil: isoDay,
  units: z.array(unitSchema),
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

export const waitlistEntrySchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  /** 1 for the first on this type's list. */
  place: z.number().int(),
  state: z.enum(WAITLIST_ENTRY_STATES),
  vendor: z.object({
    id: z.string(),
    name: z.string(),
    unternehmen: z.string().nullable(),
    email: z.string(),
  }),
  /** How many units of this type the package needs. */
  count: z.number().int(),
  /** The package in one line. */
  summary: z.string(),
  since: z.string(),
  /** The open or accepted offer, if any. */
  offer: waitlistOfferSchema.nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const waitlistTypeSchema = z.object({
  optionId: z.string(),
  name: z.string(),
  total: z.number().int(),
  /** Units no contract holds from today on and no offer reserves. */
  free: z.number().int(),
  /** Units an offer reserves. */
  reserved: z.number().int(),
  entries: z.array(waitlistEntrySchema),
});

export const waitlistResponseSchema = successResponse({
  types: z.array(waitlistTypeSchema),
  /** The offers still open or accepted (each holds its units), oldest first. */
  offers: z.array(waitlistOfferSchema),
});
export type WaitlistResponse = z.infer<typeof waitlistResponseSchema>;

export const moveWaitlistEntrySchema = z.strictObject({
  optionId: z.string().max(40),
  direction: z.enum(['up', 'down'], { error: 'Bitte gib die Richtung an (up oder down).' }),
});

export const removeWaitlistEntrySchema = z.strictObject({
  reason: requiredText(WAITLIST_MESSAGES.removeReason, 1000),
});

export const waitlistRunSchema = z.strictObject({
  /** Only where the server allows it (tests: JOB_DAY_OVERRIDE); otherwise today. */
  day: isoDay.optional(),
});
export const waitlistRunResponseSchema = successResponse({
  message: z.string(),
  result: z.object({ lapsed: z.number().int(), offered: z.number().int() }),
});

/** What the offer's page shows (GET /api/warteliste/angebot/:token). */
export const offerViewSchema = successResponse({
  offer: z.object({
    state: z.enum(OFFER_STATES),
    stateLabel: z.string(),
    name: z.string(),
    offeredOn: isoDay,
    validUntil: isoDay,
    units: z.array(unitSchema.pick({ name: true, optionId: true })),
    packageData: packageDataAnswerSchema,
    summary: z.string(),
  }),
});
export type OfferView = z.infer<typeof offerViewSchema>['offer'];

export const offerTokenBodySchema = z.strictObject({
  token: z.string({ error: WAITLIST_MESSAGES.offerNotFound }).max(200),
});
