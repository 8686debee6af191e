// The automated inventory's API (issue 33, docs/decisions/0059-inventory-and-theft-refund.md):
// movements recorded by the producer and the shop, deliveries the shop confirms, counts.
// Quantities are in the product's unit: whole pieces, or kg/l with at most three decimals.
import { z } from './zod';
import { optionalLine, optionalText, requiredLine, successResponse } from './common';
import { ADMIN_STOCK_KINDS, STOCK_KINDS, STOCK_PLACES, VENDOR_STOCK_KINDS } from '../inventory';

export const STOCK_LIMITS = {
  /** 100.000 of a unit at once: far above any shelf */
  quantity: 100_000,
  note: 500,
  countLines: 500,
  confirmIds: 500,
} as const;

export const INVENTORY_MESSAGES = {
  kindVendor: 'Bitte wähle, was du einträgst: Lieferung, Entnahme oder Verderb.',
  kindAdmin: 'Bitte wähle, was du einträgst: Lieferung, Nachfüllen aus dem Lager oder Verderb.',
  quantity: 'Bitte gib die Menge als Zahl größer als 0 ein, z. B. 12 oder 0,352.',
  quantityCount: 'Bitte gib die gezählte Menge als Zahl ab 0 ein, z. B. 7 oder 0,352.',
  quantityRange: `Die Menge darf höchstens ${STOCK_LIMITS.quantity.toLocaleString('de-DE')} sein und höchstens drei Nachkommastellen haben.`,
  wholePieces: (unit: string) =>
    `Dieses Produkt wird in „${unit}“ verkauft: bitte eine ganze Zahl angeben.`,
  place: 'Bitte wähle den Ort: Regal oder Lager.',
  refillPlace: 'Nachfüllen bringt Ware aus dem Lager ins Regal: der Ort ist das Regal.',
  storeroomService:
    'Ins Lager geht Ware nur mit dem Lagerservice (Premium-Modell). Trag die Lieferung ins Regal ein.',
  notEnough: (place: string, stock: string) =>
    `${place === 'storeroom' ? 'Im Lager' : 'Im Regal'} sind nur ${stock} erfasst. Bitte prüfe die Menge.`,
  recorded: 'Der Bestand ist eingetragen.',
  notTracked: (name: string) =>
    `„${name}“ wird nicht im Bestand geführt. Bitte zuerst eine Lieferung eintragen oder die Bestandsführung einschalten.`,
  movementIds: 'Bitte wähle mindestens eine Lieferung aus.',
  movementIdsMax: `Höchstens ${STOCK_LIMITS.confirmIds} Lieferungen auf einmal.`,
  unknownDeliveries: 'Einige der gewählten Lieferungen gibt es nicht (mehr).',
  confirmed: (n: number) =>
    n === 1 ? 'Die Lieferung ist bestätigt.' : `${n} Lieferungen sind bestätigt.`,
  counts: 'Bitte gib mindestens ein gezähltes Produkt an.',
  countsMax: `Höchstens ${STOCK_LIMITS.countLines} Produkte in einer Inventur.`,
  countTwice: 'Jedes Produkt und jeder Ort darf in einer Inventur nur einmal vorkommen.',
  countedAt: 'Bitte gib den Zeitpunkt der Inventur an, z. B. 2026-10-15T18:00:00+02:00.',
  countedAtFuture: 'Eine Inventur liegt jetzt oder früher.',
  productId: 'Bitte wähle ein Produkt.',
  unknownProducts: 'Einige der gezählten Produkte gibt es nicht.',
  causedReason: 'Bitte gib an, warum der Fehlbestand vom Direktvermarkter verursacht ist.',
  counted: 'Die Inventur ist eingetragen.',
  correctionReason: 'Bitte gib an, warum die Zählung korrigiert wird.',
  unknownCountLine: 'Diese Zählung gibt es nicht.',
  alreadyCorrected:
    'Diese Zählung ist schon korrigiert. Bitte korrigiere die neuere Zählung (die Korrektur).',
  corrected: 'Die Korrektur ist eingetragen.',
  state: 'Bitte „unconfirmed“ oder „all“.',
  restockLevel: 'Der Meldebestand muss eine Zahl ab 0 sein (höchstens drei Nachkommastellen).',
} as const;

function quantityField(message: string, min: 'positive' | 'zero') {
  return z
    .number({ error: message })
    .refine((value) => Number.isFinite(value) && (min === 'zero' ? value >= 0 : value > 0), {
      error: message,
      abort: true,
    })
    .refine(
      (value) =>
        value <= STOCK_LIMITS.quantity && Math.abs(Math.round(value * 1000) - value * 1000) < 1e-6,
      { error: INVENTORY_MESSAGES.quantityRange },
    );
}

const placeField = z.enum(STOCK_PLACES, { error: INVENTORY_MESSAGES.place });

/** POST /api/vendor-auth/products/:id/stock */
export const vendorStockInputSchema = z.strictObject({
  kind: z.enum(VENDOR_STOCK_KINDS, { error: INVENTORY_MESSAGES.kindVendor }),
  quantity: quantityField(INVENTORY_MESSAGES.quantity, 'positive'),
  place: placeField.optional(),
  note: optionalText(STOCK_LIMITS.note),
});
export type VendorStockInput = z.output<typeof vendorStockInputSchema>;

/** POST /api/admin/products/:id/stock */
export const adminStockInputSchema = z.strictObject({
  kind: z.enum(ADMIN_STOCK_KINDS, { error: INVENTORY_MESSAGES.kindAdmin }),
  quantity: quantityField(INVENTORY_MESSAGES.quantity, 'positive'),
  place: placeField.optional(),
  note: optionalText(STOCK_LIMITS.note),
});
export type AdminStockInput = z.output<typeof adminStockInputSchema>;

export const stockMovementSchema = z.object({
  id: z.string(),
  productId: z.string(),
  kind: z.enum(STOCK_KINDS),
  place: z.enum(STOCK_PLACES),
  /** Signed, in the product's unit (a count: the level found). */
  quantity: z.number(),
  occurredAt: z.string(),
  recordedBy: z.string(),
  note: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  confirmedBy: z.string().nullable(),
});
export type StockMovementView = z.infer<typeof stockMovementSchema>;

/** The stock fields every product answer carries (issue 33's names). */
// (optional in the schema only so that answers stored before them still parse; the server
// always sends them)
export const productStockFields = {
  /** On the shelf, in the product's unit; null while the product is not tracked. */
  stock: z.number().nullable().optional(),
  storeRoomStock: z.number().nullable().optional(),
  restockLevel: z.number().nullable().optional(),
  storeRoomRestockLevel: z.number().nullable().optional(),
  /** The latest delivery (either place, ISO instant); null: none, or not tracked. */
  lastDeliveryAt: z.string().nullable().optional(),
  /** The till's sales minus returns since that delivery, in the unit; null without one. */
  soldSinceLastDelivery: z.number().nullable().optional(),
};

/** GET /api/admin/inventory/deliveries */
export const deliveriesQuerySchema = z.object({
  state: z.enum(['unconfirmed', 'all'], { error: INVENTORY_MESSAGES.state }).default('unconfirmed'),
});

export const deliverySchema = stockMovementSchema.extend({
  productName: z.string(),
  unit: z.string(),
  vendorId: z.string(),
  vendorName: z.string(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveriesResponseSchema = successResponse({
  deliveries: z.array(deliverySchema),
});

/** POST /api/admin/inventory/deliveries/confirm */
export const confirmDeliveriesSchema = z.strictObject({
  movementIds: z
    .array(z.uuid({ error: INVENTORY_MESSAGES.movementIds }), {
      error: INVENTORY_MESSAGES.movementIds,
    })
    .min(1, { error: INVENTORY_MESSAGES.movementIds })
    .max(STOCK_LIMITS.confirmIds, { error: INVENTORY_MESSAGES.movementIdsMax }),
});
export const confirmDeliveriesResponseSchema = successResponse({
  message: z.string(),
  confirmed: z.number(),
});

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** POST /api/admin/inventory-counts */
export const inventoryCountInputSchema = z.strictObject({
  counts: z
    .array(
      z.strictObject({
        productId: z.uuid({ error: INVENTORY_MESSAGES.productId }),
        quantity: quantityField(INVENTORY_MESSAGES.quantityCount, 'zero'),
        place: placeField.optional(),
        /** The owner marks the difference as caused by the producer: the reason (no refund). */
        causedByProducer: optionalLine(STOCK_LIMITS.note),
      }),
      { error: INVENTORY_MESSAGES.counts },
    )
    .min(1, { error: INVENTORY_MESSAGES.counts })
    .max(STOCK_LIMITS.countLines, { error: INVENTORY_MESSAGES.countsMax }),
  countedAt: z
    .string({ error: INVENTORY_MESSAGES.countedAt })
    .regex(ISO_INSTANT, { error: INVENTORY_MESSAGES.countedAt })
    .refine((value) => !Number.isNaN(new Date(value).getTime()), {
      error: INVENTORY_MESSAGES.countedAt,
    })
    .optional(),
  note: optionalText(STOCK_LIMITS.note),
});
export type InventoryCountInput = z.output<typeof inventoryCountInputSchema>;

export const countLineSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  place: z.enum(STOCK_PLACES),
  expected: z.number(),
  counted: z.number(),
  /** expected − counted: > 0 missing, < 0 more found than expected */
  shrinkage: z.number(),
  /** as it will be settled: 0 for a Basismodell producer, unconfirmed goods, the producer's cause */
  refundCents: z.number(),
  causedByProducer: z.string().nullable(),
});
export type CountLine = z.infer<typeof countLineSchema>;

export const inventoryCountResponseSchema = successResponse({
  message: z.string(),
  count: z.object({ id: z.string(), countedAt: z.string(), lines: z.array(countLineSchema) }),
});

// ---------------------------------------------------------------------------
// The counts' history and their corrections (docs/decisions/0068)

/** A count line as the history shows it: who, and whether a correction replaced it. */
export const countHistoryLineSchema = countLineSchema.extend({
  unit: z.string(),
  vendorId: z.string(),
  vendorName: z.string(),
  /** This line corrects that line of an earlier count (at that count's time). */
  correctsLineId: z.string().nullable(),
  correctionReason: z.string().nullable(),
  /** The line of the correction that replaced this one (its refund is then 0). */
  supersededBy: z.string().nullable(),
});
export type CountHistoryLine = z.infer<typeof countHistoryLineSchema>;

export const countHistoryEntrySchema = z.object({
  id: z.string(),
  /** When the goods were counted (a correction: the corrected count's time). */
  countedAt: z.string(),
  /** When it was entered. */
  recordedAt: z.string(),
  recordedBy: z.string(),
  note: z.string().nullable(),
  lines: z.array(countHistoryLineSchema),
});
export type CountHistoryEntry = z.infer<typeof countHistoryEntrySchema>;

/** GET /api/admin/inventory-counts?page=…&limit=… (newest first; the admin lists' paging) */
export const countHistoryQuerySchema = z.object({
  page: z.coerce.number({ error: 'Ungültige Seite' }).int().min(1).max(100_000).default(1),
  limit: z.coerce.number({ error: 'Ungültige Seitengröße' }).int().min(1).max(100).default(10),
});

export const countHistoryResponseSchema = successResponse({
  counts: z.array(countHistoryEntrySchema),
  pagination: z.object({
    page: z.number(),
    limit: z.number(),
    totalCount: z.number(),
    totalPages: z.number(),
  }),
});
export type CountHistoryResponse = z.infer<typeof countHistoryResponseSchema>;

/**
 * POST /api/admin/inventory-counts/lines/:id/correction: a new count of that line's product and
 * place at that count's time, with the reason; optionally the difference marked as caused by
 * the producer (no refund; the statement names the reason).
 */
export const countCorrectionInputSchema = z.strictObject({
  quantity: quantityField(INVENTORY_MESSAGES.quantityCount, 'zero'),
  reason: requiredLine(INVENTORY_MESSAGES.correctionReason, STOCK_LIMITS.note),
  causedByProducer: optionalLine(STOCK_LIMITS.note),
});
export type CountCorrectionInput = z.output<typeof countCorrectionInputSchema>;

export const countCorrectionResponseSchema = successResponse({
  message: z.string(),
  /** The corrected line as it is now (superseded, refund 0) and the correction. */
  corrected: countHistoryLineSchema,
  correction: countHistoryEntrySchema,
});
export type CountCorrectionResponse = z.infer<typeof countCorrectionResponseSchema>;

// ---------------------------------------------------------------------------
// Restock notices (docs/product/inventory.md, "Restock notices")

/** How the producer gets its restock notices by mail: one each, or one summary a day. */
export const RESTOCK_MAIL_MODES = ['single', 'daily'] as const;
export type RestockMailMode = (typeof RESTOCK_MAIL_MODES)[number];

export const RESTOCK_MESSAGES = {
  mode: 'Bitte wähle: einzelne E-Mails oder eine Zusammenfassung am Tag.',
  saved: 'Deine Einstellung zu den Nachfüll-Meldungen ist gespeichert.',
} as const;

/** An open notice of the producer: its stock now at the place fell to the level `since`. */
export const lowStockNoticeSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  unit: z.string(),
  place: z.enum(STOCK_PLACES),
  stock: z.number(),
  level: z.number(),
  since: z.string(),
  /** "noch 2 im Regal", "noch 1,250 kg im Lager" */
  stockText: z.string(),
  /** "Bergkäse 200 g: noch 2 im Regal" (the mail's subject) */
  text: z.string(),
});
export type LowStockNotice = z.infer<typeof lowStockNoticeSchema>;

/** GET /api/vendor-auth/products/low-stock */
export const lowStockResponseSchema = successResponse({
  notices: z.array(lowStockNoticeSchema),
  restockMail: z.enum(RESTOCK_MAIL_MODES),
});
export type LowStockResponse = z.infer<typeof lowStockResponseSchema>;

/** PUT /api/vendor-auth/products/restock-mail */
export const restockMailInputSchema = z.strictObject({
  mode: z.enum(RESTOCK_MAIL_MODES, { error: RESTOCK_MESSAGES.mode }),
});

export const restockMailResponseSchema = successResponse({
  message: z.string(),
  restockMail: z.enum(RESTOCK_MAIL_MODES),
});

// ---------------------------------------------------------------------------
// The producer's view of its counts and its movements (docs/decisions/0069)

export const PRODUCER_STOCK_MESSAGES = {
  page: 'Die Seite muss eine ganze Zahl ab 1 sein.',
  limit: 'Bitte zwischen 1 und 100 Einträge je Seite.',
} as const;

const pageField = z.coerce
  .number({ error: PRODUCER_STOCK_MESSAGES.page })
  .int({ error: PRODUCER_STOCK_MESSAGES.page })
  .min(1, { error: PRODUCER_STOCK_MESSAGES.page })
  .max(100_000, { error: PRODUCER_STOCK_MESSAGES.page })
  .default(1);
const limitField = (fallback: number) =>
  z.coerce
    .number({ error: PRODUCER_STOCK_MESSAGES.limit })
    .int({ error: PRODUCER_STOCK_MESSAGES.limit })
    .min(1, { error: PRODUCER_STOCK_MESSAGES.limit })
    .max(100, { error: PRODUCER_STOCK_MESSAGES.limit })
    .default(fallback);

const pagination = z.object({
  page: z.number(),
  limit: z.number(),
  totalCount: z.number(),
  totalPages: z.number(),
});

/** GET /api/vendor-auth/inventory-counts?page=…&limit=… (counts, newest first) */
export const vendorCountsQuerySchema = z.object({ page: pageField, limit: limitField(10) });

/** One of the producer's count lines, with what the settlements made of its refund. */
export const vendorCountLineSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  unit: z.string(),
  place: z.enum(STOCK_PLACES),
  expected: z.number(),
  counted: z.number(),
  /** expected − counted: > 0 missing, < 0 more found than expected */
  shrinkage: z.number(),
  /** Of the shrinkage, what the refund covers (confirmed goods; 0 without the refund). */
  refundable: z.number(),
  /** The refund as it stands now: what the settlements pay for this line in all. */
  refundCents: z.number(),
  /** Of it, what final statements have paid already. */
  settledRefundCents: z.number(),
  /** The months ('YYYY-MM') whose final statements carry it. */
  settledMonths: z.array(z.string()),
  /** Where the rest (refundCents − settledRefundCents) goes: that month's settlement; null: the next one. */
  plannedMonth: z.string().nullable(),
  /**
   * The first month this system settles ("Abrechnung ab", else the opening month) when the count
   * lies before it: such a count is no part of these settlements (they start later); else null.
   */
  beforeFirstMonth: z.string().nullable(),
  /** The contract running on the count day was in the Premium-Modell (the theft refund). */
  premium: z.boolean(),
  /** The shop marked the difference as caused by the producer: the reason (no refund). */
  causedByProducer: z.string().nullable(),
  /** A later count of the same product and place at the same time corrected this one. */
  corrected: z.boolean(),
});
export type VendorCountLine = z.infer<typeof vendorCountLineSchema>;

export const vendorCountSchema = z.object({
  id: z.string(),
  countedAt: z.string(),
  lines: z.array(vendorCountLineSchema),
});
export type VendorCount = z.infer<typeof vendorCountSchema>;

export const vendorCountsResponseSchema = successResponse({
  counts: z.array(vendorCountSchema),
  pagination,
});
export type VendorCountsResponse = z.infer<typeof vendorCountsResponseSchema>;

/** GET /api/vendor-auth/products/:id/movements?page=…&limit=… (newest first) */
export const vendorMovementsQuerySchema = z.object({ page: pageField, limit: limitField(20) });

/** Who recorded a movement, as the producer is told: itself, the shop, the till. */
export const MOVEMENT_RECORDERS = ['vendor', 'shop', 'till'] as const;

/**
 * A movement of the producer's product: a delivery, withdrawal, spoilage, refill (into the
 * shelf) or count as recorded; the till's sales and returns of a Berlin day summed up (`day`).
 */
export const vendorMovementSchema = z.object({
  id: z.string(),
  kind: z.enum(STOCK_KINDS),
  place: z.enum(STOCK_PLACES),
  /** Signed change in the product's unit (a count: the level found). */
  quantity: z.number(),
  /** When (a day's sales: the last sale of the day). */
  occurredAt: z.string(),
  /** The till's sales or returns of this Berlin day ('YYYY-MM-DD'); null: one movement. */
  day: z.string().nullable(),
  /** How many sales lines the day's sum has (1 for a single movement). */
  lines: z.number(),
  recordedBy: z.enum(MOVEMENT_RECORDERS),
  note: z.string().nullable(),
  /** A delivery: whether the shop confirmed it (only confirmed goods are refunded); else null. */
  confirmed: z.boolean().nullable(),
});
export type VendorMovement = z.infer<typeof vendorMovementSchema>;

export const vendorMovementsResponseSchema = successResponse({
  product: z.object({ id: z.string(), name: z.string(), unit: z.string() }),
  movements: z.array(vendorMovementSchema),
  pagination,
});
export type VendorMovementsResponse = z.infer<typeof vendorMovementsResponseSchema>;
