// The monthly settlement's API (issue 26, docs/decisions/0033): months, drafts per producer,
// manual lines, finalizing, payouts and open items. Amounts in integer cents, rates in basis points.
import { revenueVatSchema } from './books';
import { requiredLine, successResponse } from './common';
import { z } from './zod';

export const SETTLEMENT_MESSAGES = {
  month: 'Bitte einen Monat im Format JJJJ-MM angeben',
  noOpeningDate:
    'Abrechnen geht erst, wenn das Eröffnungsdatum des Ladens feststeht (Einstellungen → Laden und Kontakt → Eröffnungsdatum).',
  monthNotOver: 'Ein Monat kann erst abgerechnet werden, wenn er vorbei ist.',
  monthBeforeOpening: 'Dieser Monat liegt vor der Eröffnung des Ladens.',
  notFound: 'Für diesen Monat gibt es noch keine Abrechnung.',
  monthFinal: 'Dieser Monat ist abgeschlossen und kann nicht mehr geändert werden.',
  itemFinal:
    'Die Abrechnung dieses Direktvermarkters ist abgeschlossen und kann nicht mehr geändert werden.',
  noDraft: 'Für diesen Direktvermarkter gibt es in diesem Monat keinen Entwurf.',
  manualLineNotFound: 'Diese Position gibt es nicht.',
  manualText: 'Bitte einen Text für die Position angeben',
  grossCents:
    'Bitte einen Betrag in Cent angeben, nicht 0 (positiv: der Direktvermarkter zahlt, negativ: eine Gutschrift auf der Rechnung)',
  manualKind:
    'Bitte die Art der Position angeben: „charge“ (der Laden berechnet etwas) oder „refund“ (der Laden erstattet etwas, das keine Leistung ist)',
  vatRate:
    'Bitte 19 % oder 7 % angeben: andere Steuersätze gibt es auf der Rechnung des Ladens nicht',
  refundRate: 'Eine Erstattung hat keinen Steuersatz: sie ist keine Leistung (nicht steuerbar)',
  refundPositive: 'Eine Erstattung ist ein Betrag über 0 Cent',
  vendorId: 'Bitte einen Direktvermarkter angeben',
  billingMissing: (missing: readonly string[]) =>
    `Abschließen geht erst, wenn die Abrechnungsdaten vollständig sind: ${missing.join('; ')}.`,
  openItemNotFound: 'Diesen offenen Posten gibt es nicht.',
  openItemPaid: 'Dieser offene Posten ist schon bezahlt.',
  openItemOffset: 'Dieser offene Posten wurde schon mit einer späteren Abrechnung verrechnet.',
  notFinal: 'Auszahlungen gibt es erst, wenn der Monat abgeschlossen ist.',
  documentNotFound: 'Beleg nicht gefunden',
  cancelOpenItemSettled:
    'Der offene Betrag dieser Abrechnung ist schon bezahlt oder verrechnet: ein Storno ist nicht mehr möglich.',
  finalizeRunning:
    'Dieser Monat wird gerade abgeschlossen und ist noch nicht fertig. Bitte den Fortschritt abwarten und die Seite dann neu laden.',
  revenueOrder: 'Der letzte Monat darf nicht vor dem ersten liegen',
  revenueTooLong: 'Höchstens 36 Monate auf einmal',
  noPayouts: 'In diesem Monat gibt es keine Auszahlungen.',
  payeeWithoutBank: (names: readonly string[]) =>
    `Für die Überweisung fehlen IBAN oder Kontoinhaber: ${names.join(', ')}.`,
  settleFirst: (month: string) => `Bitte zuerst ${month} abrechnen`,
  beforeFirstMonth: (month: string) =>
    `Dieser Monat liegt vor „Abrechnung ab“ (${month}) und wurde nicht mit diesem System abgerechnet.`,
  settleFailed:
    'Abrechnen ist für diesen Direktvermarkter fehlgeschlagen; die anderen sind abgerechnet. Bitte seine Daten prüfen und erneut abschließen.',
  earlierMonthOpen: (month: string) =>
    `Die Abrechnung für ${month} ist für diesen Direktvermarkter noch offen; dieser Monat folgt danach.`,
  // blockers of one producer
  noTaxStatus: 'Steuerstatus des Direktvermarkters fehlt',
  noAddress: 'Anschrift des Direktvermarkters fehlt',
  noBank: 'IBAN oder Kontoinhaber des Direktvermarkters fehlt',
  demoBlocked: (count: number) =>
    count === 1
      ? 'Für einen Demo-Direktvermarkter gibt es abgeschlossene Abrechnungen.'
      : `Für ${count} Demo-Direktvermarkter gibt es abgeschlossene Abrechnungen.`,
  // the guard of settled months (contracts)
  settledMonth: (month: string) =>
    `Der Monat ${month} ist bereits abgerechnet: Änderungen an Verträgen sind erst ab dem Folgemonat möglich.`,
} as const;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const monthSchema = z
  .string({ error: SETTLEMENT_MESSAGES.month })
  .regex(MONTH, { error: SETTLEMENT_MESSAGES.month });

/** POST /api/admin/abrechnungen */
export const createSettlementSchema = z.object({ month: monthSchema });
/** GET /api/admin/abrechnungen?month= */
export const settlementQuerySchema = z.object({ month: monthSchema });
/** /api/admin/abrechnungen/:month/… */
export const settlementMonthParamsSchema = z.object({ month: z.string().max(20) });
/** /api/admin/abrechnungen/:month/manual-lines/:id */
export const manualLineParamsSchema = z.object({
  month: z.string().max(20),
  id: z.string().max(100),
});

export const VAT_RATES_BP = [0, 700, 780, 1900] as const;
/** The rates of a manual charge on the shop's own invoice (never 7,8 % or 0 %). */
export const MANUAL_CHARGE_RATES_BP = [1900, 700] as const;

/**
 * A manual line (docs/product/money.md, manual lines): a `charge` by the shop (grossCents > 0 the
 * producer
 * pays, < 0 a credit on the invoice; vatRateBp 1900 or 700), or a `refund` that is no supply
 * (grossCents > 0, no rate).
 */
export const manualLineSchema = z
  .object({
    vendorId: z
      .string({ error: SETTLEMENT_MESSAGES.vendorId })
      .max(100, SETTLEMENT_MESSAGES.vendorId),
    kind: z.enum(['charge', 'refund'], { error: SETTLEMENT_MESSAGES.manualKind }),
    text: requiredLine(SETTLEMENT_MESSAGES.manualText, 200),
    grossCents: z
      .number({ error: SETTLEMENT_MESSAGES.grossCents })
      .int({ error: SETTLEMENT_MESSAGES.grossCents })
      .min(-10_000_000, { error: SETTLEMENT_MESSAGES.grossCents })
      .max(10_000_000, { error: SETTLEMENT_MESSAGES.grossCents })
      .refine((value) => value !== 0, { error: SETTLEMENT_MESSAGES.grossCents }),
    vatRateBp: z
      .number({ error: SETTLEMENT_MESSAGES.vatRate })
      .int({ error: SETTLEMENT_MESSAGES.vatRate })
      .nullable()
      .optional(),
  })
  .superRefine((line, ctx) => {
    if (line.kind === 'charge') {
      if (
        line.vatRateBp === undefined ||
        line.vatRateBp === null ||
        !(MANUAL_CHARGE_RATES_BP as readonly number[]).includes(line.vatRateBp)
      )
        ctx.addIssue({ code: 'custom', path: ['vatRateBp'], message: SETTLEMENT_MESSAGES.vatRate });
    } else if (line.kind === 'refund') {
      if (line.vatRateBp !== undefined && line.vatRateBp !== null)
        ctx.addIssue({
          code: 'custom',
          path: ['vatRateBp'],
          message: SETTLEMENT_MESSAGES.refundRate,
        });
      if (line.grossCents < 0)
        ctx.addIssue({
          code: 'custom',
          path: ['grossCents'],
          message: SETTLEMENT_MESSAGES.refundPositive,
        });
    }
  });
export type ManualLineInput = z.infer<typeof manualLineSchema>;

export const payoutsPaidSchema = z.object({
  vendorIds: z.array(z.string().max(100)).max(10_000).optional(),
});

const manualLineAnswer = z.object({
  id: z.string(),
  /** charge | refund (as entered) */
  kind: z.enum(['charge', 'refund']),
  text: z.string(),
  /** as entered: a charge > 0 the producer pays; a refund > 0 paid to the producer */
  grossCents: z.number().int(),
  /** a charge's rate; null for a refund */
  vatRateBp: z.number().int().nullable(),
});

export const settlementItemSchema = z.object({
  vendorId: z.string(),
  vendorName: z.string(),
  /** draft | final: a blocked producer stays a draft in a final month until it is settled */
  status: z.enum(['draft', 'final']),
  salesGrossCents: z.number().int(),
  commissionNetCents: z.number().int(),
  commissionVatCents: z.number().int(),
  commissionGrossCents: z.number().int(),
  /** rent and extra services of the month, prorated */
  rentGrossCents: z.number().int(),
  manualCents: z.number().int(),
  openItemsCents: z.number().int(),
  payoutCents: z.number().int(),
  /** a final positive payout: when it was marked as transferred (null: not yet, or none) */
  payoutPaidAt: z.string().nullable(),
  blockers: z.array(z.string()),
  manualLines: z.array(manualLineAnswer),
  /**
   * The theft refund lines of the inventory's counts (AGB § 8 Abs. 3; docs/decisions/0068) on
   * the statement, computed with the draft (no manual lines; 0 cents: a difference the producer
   * caused, named). Optional only so that answers stored before them still parse.
   */
  inventoryRefunds: z
    .array(z.object({ id: z.string(), text: z.string(), grossCents: z.number().int() }))
    .optional(),
});
export type SettlementItem = z.infer<typeof settlementItemSchema>;

export const settlementResponseSchema = successResponse({
  month: z.string(),
  /** nothing: nobody has anything to settle in it; it counts as settled ("Nichts abzurechnen") */
  status: z.enum(['draft', 'final', 'nothing']),
  items: z.array(settlementItemSchema),
});
export type SettlementResponse = z.infer<typeof settlementResponseSchema>;

export const issuedDocumentSchema = z.object({
  id: z.string(),
  type: z.enum(['rechnung', 'verkaufsabrechnung', 'storno']),
  number: z.string(),
  vendorId: z.string(),
});

export const finalizeResponseSchema = successResponse({
  documents: z.array(issuedDocumentSchema),
  /** producers left as drafts, with what is missing */
  blocked: z.array(z.object({ vendorId: z.string(), blockers: z.array(z.string()) })),
});

export const manualLineResponseSchema = successResponse({
  manualLine: manualLineAnswer,
});

const stornoSchema = z.object({ id: z.string(), number: z.string(), refersToId: z.string() });
export const cancelResponseSchema = successResponse({
  /** the storno of the requested document */
  storno: stornoSchema,
  /** every storno issued: the requested document's first, then the rest of its pair (RE and VA) */
  stornos: z.array(stornoSchema),
});

export const okResponseSchema = successResponse({ message: z.string() });

export const payoutsPaidResponseSchema = successResponse({
  paid: z.number().int(),
});

export const openItemSchema = z.object({
  id: z.string(),
  vendorId: z.string(),
  vendorName: z.string(),
  month: z.string(),
  amountCents: z.number().int(),
  dueOn: z.string(),
  documentNumber: z.string().nullable(),
  paidAt: z.string().nullable(),
  offsetInMonth: z.string().nullable(),
});
export const openItemsResponseSchema = successResponse({
  openItems: z.array(openItemSchema),
});
export const openItemsQuerySchema = z.object({
  /** open (default): neither paid nor offset; all: every one */
  state: z.enum(['open', 'all'], { error: 'Bitte „open“ oder „all“ angeben' }).default('open'),
});

/** GET /api/admin/revenue?from=YYYY-MM&to=YYYY-MM (at most 36 months) */
export const revenueQuerySchema = z
  .object({ from: monthSchema, to: monthSchema })
  .superRefine((query, ctx) => {
    if (query.to < query.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: SETTLEMENT_MESSAGES.revenueOrder });
    else if (
      (Number(query.to.slice(0, 4)) - Number(query.from.slice(0, 4))) * 12 +
        Number(query.to.slice(5, 7)) -
        Number(query.from.slice(5, 7)) >=
      36
    )
      ctx.addIssue({ code: 'custom', path: ['to'], message: SETTLEMENT_MESSAGES.revenueTooLong });
  });

export const revenueMonthSchema = z.object({
  month: z.string(),
  /**
   * none: not settled yet; draft: figures of the drafts; final: of the issued settlements;
   * nothing: over, and nobody had anything to settle in it (counts as settled)
   */
  status: z.enum(['none', 'draft', 'final', 'nothing']),
  producers: z.number().int(),
  /** the producers' sales (gross) */
  salesGrossCents: z.number().int(),
  commissionNetCents: z.number().int(),
  commissionGrossCents: z.number().int(),
  /** rent and extra services, prorated (gross) */
  rentGrossCents: z.number().int(),
  /** of rentGrossCents, the extra services (Lagerservice, Versandservice) */
  servicesGrossCents: z.number().int(),
  /** the shop's invoices to the producers, net (rent, services, commission, manual lines) */
  invoicedNetCents: z.number().int(),
  payoutsCents: z.number().int(),
  /** owed by producers from this month's settlement */
  openItemsCents: z.number().int(),
  /** VAT per rate: the shop's own output VAT and the producers' sales (issue 30; always given) */
  vat: revenueVatSchema.optional(),
  /** units held on the month's last day (today for the running month), per type */
  occupancy: z.array(
    z.object({
      optionId: z.string(),
      name: z.string(),
      occupied: z.number().int(),
      total: z.number().int(),
    }),
  ),
});
export type RevenueMonth = z.infer<typeof revenueMonthSchema>;
export const revenueResponseSchema = successResponse({
  months: z.array(revenueMonthSchema),
});

/**
 * GET /api/admin/abrechnungen/:month/fortschritt: a running finalize ("pruefen": the data checked
 * and the drafts computed; "belege": documents issued for `done` of `total` producers; null: none
 * running) and how many of the month's PDFs are rendered (they are rendered after finalizing).
 */
export const finalizeProgressSchema = z.object({
  phase: z.enum(['pruefen', 'belege']),
  done: z.number().int(),
  total: z.number().int(),
});
export type FinalizeProgress = z.infer<typeof finalizeProgressSchema>;
export const settlementProgressResponseSchema = successResponse({
  finalizing: finalizeProgressSchema.nullable(),
  pdfs: z.object({ rendered: z.number().int(), total: z.number().int() }),
});
export type SettlementProgressResponse = z.infer<typeof settlementProgressResponseSchema>;
