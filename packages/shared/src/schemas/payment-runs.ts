// Payment runs (Zahlungsläufe) and payouts (issue 30, docs/decisions/0039): a run holds the
// positive, unpaid payouts of a final month in one SEPA file that never changes.
import { requiredLine, successResponse } from './common';
import { monthSchema } from './settlement';
import { isoDay } from './settings';
import { z } from './zod';

export const PAYMENT_RUN_MESSAGES = {
  noOpenPayouts: 'Keine offenen Auszahlungen',
  executionDate: 'Bitte ein Ausführungsdatum im Format JJJJ-MM-TT angeben',
  executionDateTooEarly: (earliest: string) =>
    `Das Ausführungsdatum darf frühestens der nächste Bankarbeitstag sein (${earliest}).`,
  executionDateNoBusinessDay:
    'Das Ausführungsdatum muss ein Bankarbeitstag sein (nicht am Wochenende, 1. Januar, Karfreitag, Ostermontag, 1. Mai, 25. und 26. Dezember).',
  executionDateTooLate: 'Das Ausführungsdatum darf höchstens ein Jahr in der Zukunft liegen.',
  runNotFound: 'Diesen Zahlungslauf gibt es nicht.',
  runDiscarded: 'Dieser Zahlungslauf wurde verworfen.',
  runExpired: (executionDate: string) =>
    `Die Datei dieses Zahlungslaufs wurde nie heruntergeladen und sein Ausführungsdatum (${executionDate}) ist vorbei: Der Zahlungslauf wurde verworfen, seine Auszahlungen sind wieder offen. Bitte einen neuen Zahlungslauf anlegen.`,
  runDownloaded:
    'Die Datei dieses Zahlungslaufs wurde schon heruntergeladen und kann bei der Bank sein: Verwerfen geht nicht mehr. Kommt eine Überweisung zurück, bitte die Auszahlung als zurückgebucht markieren.',
  runHasPaid:
    'In diesem Zahlungslauf sind schon Auszahlungen als bezahlt markiert: Verwerfen geht nicht mehr.',
  runTransferred: 'Dieser Zahlungslauf ist schon als überwiesen markiert.',
  runNotDownloaded:
    'Die Datei dieses Zahlungslaufs wurde noch nicht heruntergeladen: Als überwiesen markieren geht erst danach.',
  transferredOn: 'Bitte das Datum der Überweisung im Format JJJJ-MM-TT angeben',
  transferredOnFuture: 'Das Datum der Überweisung darf nicht in der Zukunft liegen.',
  transferredOnBeforeRun: 'Das Datum der Überweisung darf nicht vor dem Zahlungslauf liegen.',
  payoutNotFound: 'Diese Auszahlung gibt es nicht.',
  payoutReturned: 'Diese Auszahlung ist schon als zurückgebucht markiert.',
  payoutNotPaid: 'Zurückgebucht kann nur eine überwiesene Auszahlung werden.',
  returnReason: 'Bitte einen Grund für die Rückbuchung angeben',
  amountMismatch: (names: readonly string[]) =>
    `Der Betrag passt nicht zur Verkaufsabrechnung: ${names.join(', ')}. Der Zahlungslauf wurde nicht angelegt; bitte die Abrechnung prüfen.`,
  payeeNotSepa: (names: readonly string[]) =>
    `Der Kontoinhaber auf der Verkaufsabrechnung enthält keine Buchstaben, die eine SEPA-Überweisung tragen kann: ${names.join(', ')}. Bitte die Bankverbindung korrigieren und die Abrechnung stornieren und neu ausstellen.`,
  shopHolder:
    'Der Kontoinhaber der Ladenbetreiberin fehlt oder enthält keine lateinischen Buchstaben (Einstellungen → Abrechnung).',
  bankChanged: 'Bankverbindung seit der Abrechnung geändert',
  cancelInRun:
    'Die Auszahlung dieser Abrechnung ist in einem Zahlungslauf, dessen Datei noch nicht heruntergeladen wurde: Bitte zuerst den Zahlungslauf verwerfen, dann stornieren.',
} as const;

/** POST /api/admin/abrechnungen/:month/zahlungslauf */
export const createPaymentRunSchema = z.object({
  /** default: the next TARGET2 business day after today */
  executionDate: isoDay.optional(),
});
export type CreatePaymentRunInput = z.infer<typeof createPaymentRunSchema>;
/** The route's body: the object, or none at all (the defaults). */
export const createPaymentRunBodySchema = z.preprocess(
  (value) => value ?? {},
  createPaymentRunSchema,
);

/** GET /api/admin/zahlungslaeufe?month= */
export const paymentRunsQuerySchema = z.object({ month: monthSchema.optional() });

/** POST /api/admin/zahlungslaeufe/:id/transferred */
export const runTransferredSchema = z.object({
  /** the bank's execution day; default today */
  transferredOn: isoDay.optional(),
});
/** The route's body: the object, or none at all (today). */
export const runTransferredBodySchema = z.preprocess((value) => value ?? {}, runTransferredSchema);

/** POST /api/admin/payouts/:id/returned */
export const payoutReturnedSchema = z.object({
  reason: requiredLine(PAYMENT_RUN_MESSAGES.returnReason, 200),
});

export const PAYMENT_RUN_STATES = [
  'angelegt',
  'heruntergeladen',
  'ueberwiesen',
  'verworfen',
] as const;
export type PaymentRunState = (typeof PAYMENT_RUN_STATES)[number];

export const paymentRunSchema = z.object({
  id: z.string(),
  month: z.string(),
  messageId: z.string(),
  executionDate: z.string(),
  count: z.number().int(),
  totalCents: z.number().int(),
  transferredAt: z.string().nullable(),
});

export const runPayoutSchema = z.object({
  id: z.string(),
  vendorId: z.string(),
  vendorName: z.string(),
  amountCents: z.number().int(),
  statementNumber: z.string().nullable(),
  /** as printed on the statement (the file pays to these) */
  payeeName: z.string(),
  payeeIban: z.string(),
  paidAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
  returnedReason: z.string().nullable(),
  /** a returned transfer paid again: the payout it replaces */
  replacesPayoutId: z.string().nullable(),
  /** "Bankverbindung seit der Abrechnung geändert", or null */
  notice: z.string().nullable(),
});
export type RunPayout = z.infer<typeof runPayoutSchema>;

export const paymentRunDetailSchema = paymentRunSchema.extend({
  state: z.enum(PAYMENT_RUN_STATES),
  createdAt: z.string(),
  createdBy: z.string(),
  downloadedAt: z.string().nullable(),
  discardedAt: z.string().nullable(),
  transferredOn: z.string().nullable(),
  payouts: z.array(runPayoutSchema),
});
export type PaymentRunDetail = z.infer<typeof paymentRunDetailSchema>;

export const paymentRunResponseSchema = successResponse({
  run: paymentRunSchema,
});

export const paymentRunsResponseSchema = successResponse({
  runs: z.array(paymentRunDetailSchema),
  /** positive payouts of the month (or of all months) that are unpaid and in no run */
  open: z.array(runPayoutSchema),
});
export type PaymentRunsResponse = z.infer<typeof paymentRunsResponseSchema>;

export const runActionResponseSchema = successResponse({
  message: z.string(),
  run: paymentRunDetailSchema,
});

export const payoutReturnedResponseSchema = successResponse({
  message: z.string(),
  /** the new payout that pays the amount again in a later run */
  payout: runPayoutSchema,
});
