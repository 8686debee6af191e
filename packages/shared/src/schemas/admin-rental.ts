import { PACKAGE_OPTIONS } from '../catalog';
import { pageQuery, paginationSchema } from './admin';
import { packageDataAnswerSchema } from './booking';
import { z } from './zod';
import {
  optionalLine,
  optionalText,
  plainText,
  requiredLine,
  requiredText,
  successResponse,
} from './common';
import { isoDay } from './settings';

/** /api/admin/mietfaecher and /api/admin/pending-bookings: the shop floor and the booking queue. */

export const RENTAL_MESSAGES = {
  name: 'Bitte gib einen Namen oder eine Nummer ein.',
  nameTaken: 'Ein Mietfach mit diesem Namen gibt es schon.',
  optionId: 'Bitte wähle einen Typ.',
  price: 'Bitte gib einen Monatspreis zwischen 0,00 € und 10.000,00 € ein.',
  active: 'Bitte ja oder nein angeben.',
  notFound: 'Dieses Mietfach gibt es nicht (mehr).',
  nothingToChange: 'Bitte gib an, was geändert werden soll.',
  bookingNotFound: 'Diese Buchungsanfrage gibt es nicht (mehr).',
  bookingDecided: 'Über diese Buchungsanfrage ist schon entschieden.',
  units: 'Bitte wähle mindestens ein Mietfach.',
  tooManyUnits: 'Höchstens 20 Mietfächer auf einmal.',
  startDate: 'Bitte gib das Startdatum an.',
  priceReason: 'Bitte begründe den geänderten Preis.',
  priceForOtherUnit: 'Ein Preis gehört zu keinem der gewählten Mietfächer.',
  rejectReason: 'Bitte gib einen Grund an (er geht an den Direktvermarkter).',
} as const;

export const OPTION_IDS = PACKAGE_OPTIONS.map((option) => option.id) as [string, ...string[]];

export const UNIT_STATES = ['free', 'occupied', 'reserved'] as const;
export type UnitState = (typeof UNIT_STATES)[number];
export const UNIT_STATE_LABELS: Record<UnitState, string> = {
  free: 'frei',
  occupied: 'belegt',
  reserved: 'reserviert',
};

export const mietfachSchema = z.object({
  id: z.string(),
  name: z.string(),
  optionId: z.string(),
  standort: z.string().nullable(),
  groesse: z.string().nullable(),
  beschreibung: z.string().nullable(),
  priceCents: z.number(),
  isActive: z.boolean(),
  /** Free today, held today, or promised to a contract that starts later. */
  state: z.enum(UNIT_STATES),
  /** The last day the current (or next) contract holds it; null when free or open-ended. */
  occupiedUntil: z.string().nullable(),
  /** The contract holding it today (or next). */
  holder: z
    .object({
      contractId: z.string(),
      number: z.string().nullable(),
      vendorId: z.string(),
      vendorName: z.string(),
      fromDate: z.string(),
      /** The holder has the storage service today: the store room takes its goods. */
      storageService: z.boolean(),
    })
    .nullable(),
});
export type Mietfach = z.infer<typeof mietfachSchema>;

export const occupancySchema = z.object({
  optionId: z.string(),
  total: z.number(),
  occupied: z.number(),
  percent: z.number(),
});

export const mietfaecherQuerySchema = z.object({
  optionId: z.string().max(40).optional(),
  state: z.enum(['', ...UNIT_STATES, 'inactive']).optional(),
  /** Only the active units no contract holds on any day from this day on (an approval's choice). */
  freeFrom: isoDay.optional(),
});

export const mietfaecherResponseSchema = successResponse({
  mietfaecher: z.array(mietfachSchema),
  occupancy: z.array(occupancySchema),
});
export const mietfachResponseSchema = successResponse({
  mietfach: mietfachSchema,
});

const priceCents = z
  .number({ error: RENTAL_MESSAGES.price })
  .int({ error: RENTAL_MESSAGES.price })
  .min(0, { error: RENTAL_MESSAGES.price })
  .max(1_000_000, { error: RENTAL_MESSAGES.price });

const unitFields = {
  name: requiredLine(RENTAL_MESSAGES.name, 40),
  optionId: z.enum(OPTION_IDS, { error: RENTAL_MESSAGES.optionId }),
  standort: optionalLine(120),
  groesse: optionalLine(60),
  beschreibung: optionalText(500),
  priceCents,
  isActive: z.boolean({ error: RENTAL_MESSAGES.active }),
};

/** POST /api/admin/mietfaecher: the price defaults to the catalog's. */
export const createMietfachSchema = z.strictObject({
  ...unitFields,
  priceCents: priceCents.optional(),
  isActive: unitFields.isActive.default(true),
});
export type CreateMietfachInput = z.input<typeof createMietfachSchema>;

/** PATCH /api/admin/mietfaecher/:id */
export const updateMietfachSchema = z
  .strictObject({
    name: unitFields.name.optional(),
    optionId: unitFields.optionId.optional(),
    standort: unitFields.standort,
    groesse: unitFields.groesse,
    beschreibung: unitFields.beschreibung,
    priceCents: priceCents.optional(),
    isActive: unitFields.isActive.optional(),
  })
  .refine((data) => Object.values(data).some((value) => value !== undefined), {
    error: RENTAL_MESSAGES.nothingToChange,
  });
export type UpdateMietfachInput = z.input<typeof updateMietfachSchema>;

// ---------------------------------------------------------------------------
// The booking queue

export const CONTRACT_PHASES = [
  'scheduled',
  'trial',
  'term',
  'monthly',
  'notice',
  'ended',
  'cancelled',
] as const;

export const contractUnitSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceCents: z.number(),
});

/** A contract as the API answers it (issue "Rental operations", API contract). */
/** The terms of a contract from a day on (a change makes a new version; the old ones stay). */
export const contractVersionSchema = z.object({
  validFrom: z.string(),
  provisionType: z.string(),
  monthlyPriceCents: z.number(),
  zusatzleistungen: z.object({ lagerservice: z.boolean(), versandservice: z.boolean() }),
  mietfaecher: z.array(contractUnitSchema),
  reason: z.string().nullable(),
  actorName: z.string(),
});
export type ContractVersion = z.infer<typeof contractVersionSchema>;

export const contractSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  vendorId: z.string(),
  status: z.string(),
  provisionType: z.string(),
  /** The booked term in months (3, 6 or 12), after the trial. */
  rentalDuration: z.number(),
  startDate: z.string(),
  /** This contract's days in the producer's free month (null: none). */
  trialStartsOn: z.string().nullable(),
  trialEndsOn: z.string().nullable(),
  /** The producer's free month (one per producer; null while the opening date is unknown). */
  freeMonth: z.object({ start: z.string(), end: z.string() }).nullable(),
  termEndsOn: z.string().nullable(),
  endDate: z.string().nullable(),
  monthlyPriceCents: z.number(),
  mietfaecher: z.array(contractUnitSchema),
  zusatzleistungen: z.object({ lagerservice: z.boolean(), versandservice: z.boolean() }),
  /** Where it stands today (rental-terms.ts), and as people read it. */
  phase: z.enum(CONTRACT_PHASES),
  statusLabel: z.string(),
  /**
   * The earliest end if the producer gave notice today (null once it has
   * ended, and while notice would cancel it before its start: see endsAtOnce).
   */
  earliestEnd: z.string().nullable(),
  /** The producer's notice today ends it at once (in or before its free month): storniert before its start. */
  endsAtOnce: z.boolean(),
  termination: z
    .object({
      kind: z.string(),
      reason: z.string().nullable(),
      noticeGivenOn: z.string().nullable(),
    })
    .nullable(),
  /** Every version by day; model, price, units and services above are today's. */
  versions: z.array(contractVersionSchema),
  /** A version that starts after today, if one is planned. */
  nextChange: contractVersionSchema.nullable(),
});
export type ContractAnswer = z.infer<typeof contractSchema>;

export const adminContractSchema = contractSchema.extend({
  vendor: z.object({ id: z.string(), name: z.string(), unternehmen: z.string().nullable() }),
});
export type AdminContract = z.infer<typeof adminContractSchema>;

export const contractEventSchema = z.object({
  id: z.number(),
  action: z.string(),
  summary: z.string(),
  actorName: z.string(),
  createdAt: z.string(),
});

export const vertraegeQuerySchema = z.object({
  ...pageQuery,
  phase: z.enum(['', ...CONTRACT_PHASES]).optional(),
  search: plainText(z.string()).max(100, { error: 'Höchstens 100 Zeichen' }).optional(),
});
export const lifecycleRunSummarySchema = z.object({
  day: z.string(),
  finishedAt: z.string(),
  result: z.object({ activated: z.number(), ended: z.number(), mails: z.number() }),
});

/** POST /admin/vertraege/lifecycle: run the daily contract job now (for today). */
export const lifecycleRunSchema = z.strictObject({
  /** Only where the server allows it (tests: JOB_DAY_OVERRIDE); otherwise today. */
  day: isoDay.optional(),
});
export const lifecycleRunResponseSchema = successResponse({
  message: z.string(),
  lifecycle: lifecycleRunSummarySchema,
});
export const LIFECYCLE_MESSAGES = {
  onlyToday: 'Die Vertragsprüfung läuft nur für den heutigen Tag.',
  done: (result: { activated: number; ended: number; mails: number }) =>
    `Die Vertragsprüfung ist gelaufen: ${result.activated} begonnen, ${result.ended} beendet, ${result.mails} E-Mails.`,
} as const;

export const vertraegeResponseSchema = successResponse({
  vertraege: z.array(adminContractSchema),
  pagination: paginationSchema,
  /** The last run of the daily contract job (activations, ends, mails). */
  lifecycle: lifecycleRunSummarySchema.nullable(),
});
export const vertragResponseSchema = successResponse({
  message: z.string().optional(),
  vertrag: adminContractSchema.extend({ history: z.array(contractEventSchema) }),
});

export const TERMINATION_MESSAGES = {
  kind: 'Bitte wähle, wer kündigt.',
  notFound: 'Diesen Vertrag gibt es nicht.',
  ended: 'Dieser Vertrag ist schon beendet oder gekündigt.',
  reason: 'Bitte gib den Grund der außerordentlichen Kündigung an.',
  endBeforeStart: 'Das Ende darf nicht vor dem Vertragsbeginn liegen.',
  endInPast: 'Das Ende darf nicht in der Vergangenheit liegen.',
  noticeInFuture: 'Der Tag der Kündigung darf nicht in der Zukunft liegen.',
  termUnknown:
    'Solange der Eröffnungstag nicht feststeht, steht das Ende der Mindestlaufzeit nicht fest: Der Laden kann diesen Vertrag bis dahin nur außerordentlich (mit Grund) kündigen.',
} as const;

/** POST /api/admin/vertraege/:id/terminate: an ordinary notice by either side. */
export const terminateContractSchema = z.strictObject({
  kind: z.enum(['vendor', 'shop'], { error: TERMINATION_MESSAGES.kind }),
  /** The day the notice was received; today when left out. */
  noticeDate: isoDay.optional(),
  /** A later month end than the earliest; the earliest when left out. */
  endDate: isoDay.optional(),
  reason: optionalText(500),
});
export type TerminateContractInput = z.input<typeof terminateContractSchema>;

/** POST /api/admin/vertraege/:id/extraordinary: by the shop, with a date and a reason. */
/** The shop's grounds for an extraordinary termination (docs/product/rental.md). */
export const EXTRAORDINARY_GROUNDS = {
  'payment-default': 'Zahlungsverzug von mehr als 30 Tagen',
  understocking: 'Unterbestückung von mehr als 50 % über mehr als 7 Tage',
  other: 'Anderer wichtiger Grund',
} as const;
export type ExtraordinaryGround = keyof typeof EXTRAORDINARY_GROUNDS;

/** A ground of the list, and for any other ground the reason in words. */
export const extraordinaryTerminationSchema = z
  .strictObject({
    endDate: isoDay,
    ground: z
      .enum(['payment-default', 'understocking', 'other'], { error: TERMINATION_MESSAGES.reason })
      .optional(),
    reason: optionalText(1000),
  })
  .superRefine((input, context) => {
    if ((!input.ground || input.ground === 'other') && !input.reason?.trim()) {
      context.addIssue({ code: 'custom', path: ['reason'], message: TERMINATION_MESSAGES.reason });
    }
  });
export type ExtraordinaryTerminationInput = z.input<typeof extraordinaryTerminationSchema>;

/** The reason recorded and mailed: the ground's words, and the admin's own if given. */
export function extraordinaryReason(input: {
  ground?: ExtraordinaryGround | undefined;
  reason?: string | null | undefined;
}): string {
  const own = input.reason?.trim() ?? '';
  if (!input.ground || input.ground === 'other') return own;
  return own
    ? `${EXTRAORDINARY_GROUNDS[input.ground]}: ${own}`
    : EXTRAORDINARY_GROUNDS[input.ground];
}

/** What a termination or a change will do, shown before the admin confirms it. */
export const terminationPreviewResponseSchema = successResponse({
  preview: z.object({
    endDate: z.string().nullable(),
    storniert: z.boolean(),
    units: z.array(z.string()),
    mail: z.object({ to: z.string(), subject: z.string(), text: z.string() }).nullable(),
  }),
});
export type TerminationPreviewResponse = z.infer<typeof terminationPreviewResponseSchema>;

export const changePreviewResponseSchema = successResponse({
  preview: z.object({
    validFrom: z.string(),
    units: z.array(z.string()),
    mail: z.object({ to: z.string(), subject: z.string(), text: z.string() }).nullable(),
  }),
});
export type ChangePreviewResponse = z.infer<typeof changePreviewResponseSchema>;

export const pendingBookingSchema = z.object({
  id: z.string(),
  vendor: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    unternehmen: z.string().nullable(),
    /** Whether the producer confirmed the e-mail address. */
    emailConfirmed: z.boolean(),
  }),
  origin: z.string(),
  /** The package in one line, to tell two requests of one producer apart. */
  summary: z.string(),
  /** Spec §3 "Package data", as the server priced it. */
  packageData: packageDataAnswerSchema,
  comments: z.string().nullable(),
  createdAt: z.string(),
  /**
   * Its place on the waiting list (docs/decisions/0074), if it is on it: waiting, offered (an
   * offer is open) or accepted; the offer with the units it reserves for this request.
   */
  waitlist: z
    .object({
      state: z.enum(['waiting', 'offered', 'accepted']),
      offer: z
        .object({
          state: z.enum(['open', 'accepted', 'declined', 'lapsed', 'withdrawn', 'done']),
          validUntil: isoDay,
          units: z.array(z.object({ id: z.string(), name: z.string() })),
        })
        .nullable(),
    })
    .nullable(),
});
export type PendingBooking = z.infer<typeof pendingBookingSchema>;

export const pendingBookingsResponseSchema = successResponse({
  bookings: z.array(pendingBookingSchema),
});

export const approveBookingSchema = z
  .strictObject({
    mietfachIds: z
      .array(z.string({ error: RENTAL_MESSAGES.units }).max(100), { error: RENTAL_MESSAGES.units })
      .min(1, { error: RENTAL_MESSAGES.units })
      .max(20, { error: RENTAL_MESSAGES.tooManyUnits })
      .transform((ids) => [...new Set(ids)]),
    startDate: isoDay,
    priceCents: z.record(z.string().max(100), priceCents).optional(),
    priceReason: optionalText(500),
  })
  .superRefine((data, ctx) => {
    const prices = Object.keys(data.priceCents ?? {});
    if (prices.some((id) => !data.mietfachIds.includes(id))) {
      ctx.addIssue({
        code: 'custom',
        path: ['priceCents'],
        message: RENTAL_MESSAGES.priceForOtherUnit,
      });
    }
  });
export type ApproveBookingInput = z.input<typeof approveBookingSchema>;

export const approveBookingResponseSchema = successResponse({
  message: z.string(),
  contract: contractSchema,
});

export const rejectBookingSchema = z.strictObject({
  reason: requiredText(RENTAL_MESSAGES.rejectReason, 1000),
});

/** GET /api/admin/vertraege/:id/earliest-end?noticeDate= */
export const earliestEndQuerySchema = z.object({
  noticeDate: isoDay.optional(),
  /** Whose notice: the producer's may end at once in its free month (default: the shop's). */
  kind: z.enum(['vendor', 'shop'], { error: TERMINATION_MESSAGES.kind }).optional(),
});
export const earliestEndResponseSchema = successResponse({
  earliestEnd: z.string(),
});

// ---------------------------------------------------------------------------
// The producer's own contracts

/** GET /api/vendor-auth/contracts */
export const vendorContractsResponseSchema = successResponse({
  contracts: z.array(contractSchema),
});

/** POST /api/vendor-auth/contracts/:id/notice */
export const vendorNoticeSchema = z.strictObject({ reason: optionalText(500) });
export const vendorNoticeResponseSchema = successResponse({
  message: z.string(),
  contract: contractSchema,
});

export const CHANGE_MESSAGES = {
  notFound: 'Diesen Vertrag gibt es nicht.',
  ended: 'Dieser Vertrag ist beendet und kann nicht mehr geändert werden.',
  beforeStart: (day: string) =>
    `Der Vertrag beginnt erst am ${day.split('-').reverse().join('.')}; früher kann keine Änderung gelten.`,
  afterEnd: (day: string) =>
    `Der Vertrag endet am ${day.split('-').reverse().join('.')}; danach kann keine Änderung gelten.`,
  laterPlanned: (day: string) =>
    `Ab dem ${day.split('-').reverse().join('.')} ist schon eine Änderung geplant. Bitte ändere ab diesem Tag oder später.`,
  servicesPremium: 'Lagerservice und Versandservice gibt es nur im Premium-Modell.',
  noUnits: 'Bitte wähle mindestens ein Mietfach.',
  unitBack:
    'Ein gewähltes Mietfach gehörte früher schon zu diesem Vertrag. Bitte lege dafür einen neuen Vertrag an.',
  nothing: 'Das ist keine Änderung: Mietfächer, Preise, Modell und Zusatzleistungen sind gleich.',
  reason: 'Bitte gib einen Grund für die Änderung an.',
  priceCents: 'Bitte gib einen Preis zwischen 0 und 10.000 € an.',
  model: 'Bitte wähle Basismodell oder Premium-Modell.',
  modelSame: 'Dieser Vertrag läuft schon in diesem Modell.',
  modelDone: (model: string, day: string, price: string) =>
    `Ab dem ${day.split('-').reverse().join('.')} läuft dein Vertrag im ${model}: ${price} im Monat. Wir haben dir eine Bestätigung geschickt.`,
} as const;

/** POST /admin/vertraege/{id}/change: new terms from a day on. */
export const contractChangeSchema = z.strictObject({
  validFrom: isoDay,
  mietfachIds: z
    .array(z.string({ error: CHANGE_MESSAGES.noUnits }), { error: CHANGE_MESSAGES.noUnits })
    .min(1, { error: CHANGE_MESSAGES.noUnits })
    .max(50, { error: CHANGE_MESSAGES.noUnits })
    .optional(),
  priceCents: z
    .record(
      z.string(),
      z
        .number({ error: CHANGE_MESSAGES.priceCents })
        .int({ error: CHANGE_MESSAGES.priceCents })
        .min(0, { error: CHANGE_MESSAGES.priceCents })
        .max(1_000_000, { error: CHANGE_MESSAGES.priceCents }),
    )
    .optional(),
  provisionType: z.enum(['basic', 'premium'], { error: CHANGE_MESSAGES.model }).optional(),
  zusatzleistungen: z
    .strictObject({
      lagerservice: z.boolean({ error: 'Bitte ja oder nein angeben' }),
      versandservice: z.boolean({ error: 'Bitte ja oder nein angeben' }),
    })
    .optional(),
  reason: requiredText(CHANGE_MESSAGES.reason, 500),
});
export type ContractChangeInput = z.output<typeof contractChangeSchema>;

/** POST /vendor-auth/contracts/{id}/model: the producer's own switch, from next month. */
export const vendorModelSchema = z.strictObject({
  provisionType: z.enum(['basic', 'premium'], { error: CHANGE_MESSAGES.model }),
});
export const vendorModelResponseSchema = successResponse({
  message: z.string(),
  contract: contractSchema,
});

/** GET /vendor-auth/contracts/{id}/model?provisionType=…: what the switch would cost, and from when. */
export const vendorModelPreviewSchema = successResponse({
  validFrom: z.string(),
  currentProvisionType: z.string(),
  currentMonthlyPriceCents: z.number(),
  monthlyPriceCents: z.number(),
  /** Extra services that end with a switch to the Basismodell. */
  droppedServices: z.array(z.string()),
});

/** A goods-in entry of the Lagerservice's log from before the inventory (read only). */
export const goodsInSchema = z.object({
  id: z.string(),
  vendorId: z.string(),
  vendorName: z.string(),
  day: z.string(),
  what: z.string(),
  quantity: z.string(),
  storedAt: z.string().nullable(),
  actorName: z.string(),
  createdAt: z.string(),
});
export type GoodsIn = z.infer<typeof goodsInSchema>;

/** GET /admin/zusatzleistungen: contracts that have or may have extra services, and the goods-in log. */
export const zusatzleistungenResponseSchema = successResponse({
  vertraege: z.array(adminContractSchema),
  wareneingang: z.array(goodsInSchema),
});
