// The automated inventory and the theft refund (docs/product/inventory.md,
// docs/decisions/0059-inventory-and-theft-refund.md). Pure: stock from movements, a count's
// shrinkage, the refund of the missing goods.
import { commissionModel, COMMISSION_VAT_RATE } from './catalog';
import type { SettlementContract } from './settlement';
import { roundHalfUp } from './products';

/** Where goods are: on the shelf (the rented unit) or in the shop's store room (Lagerservice). */
export const STOCK_PLACES = ['shelf', 'storeroom'] as const;
export type StockPlace = (typeof STOCK_PLACES)[number];

/**
 * What moved goods. Every kind but `count` is a change (its signed quantity: a delivery, a
 * return and a refill into the shelf add; a sale, spoilage, a withdrawal and a refill out of
 * the store room take away). A `count` is the level found: the stock after it is the level
 * plus the changes after it.
 */
export const STOCK_KINDS = [
  'delivery',
  'refill',
  'sale',
  'return',
  'spoilage',
  'withdrawal',
  'count',
] as const;
export type StockKind = (typeof STOCK_KINDS)[number];

/** What the producer records (its phone page), and the shop. */
export const VENDOR_STOCK_KINDS = ['delivery', 'withdrawal', 'spoilage'] as const;
export const ADMIN_STOCK_KINDS = ['delivery', 'refill', 'spoilage'] as const;

export const STOCK_KIND_LABELS: Record<StockKind, string> = {
  delivery: 'Lieferung',
  refill: 'Nachfüllen aus dem Lager',
  sale: 'Verkauf',
  return: 'Rückgabe',
  spoilage: 'Verderb',
  withdrawal: 'Entnahme',
  count: 'Inventur',
};

export const STOCK_PLACE_LABELS: Record<StockPlace, string> = {
  shelf: 'Regal',
  storeroom: 'Lager',
};

/** A movement as the stock sees it: quantities in thousandths of the product's unit. */
export interface StockMovement {
  /** Time in ms (or any order-preserving number). */
  at: number;
  kind: StockKind;
  /** A change: signed; a count: the level found. */
  quantityThousandths: number;
}

/**
 * The stock after these movements (one product, one place): the last count's level (none: 0)
 * plus every change after it; a change at the count's own time counts before the count.
 */
export function stockOf(movements: readonly StockMovement[]): number {
  let lastCount: StockMovement | undefined;
  for (const movement of movements)
    if (movement.kind === 'count' && (!lastCount || movement.at >= lastCount.at))
      lastCount = movement;
  let stock = lastCount ? lastCount.quantityThousandths : 0;
  for (const movement of movements) {
    if (movement.kind === 'count') continue;
    if (!lastCount || movement.at > lastCount.at) stock += movement.quantityThousandths;
  }
  return stock;
}

/** The theft refund of missing goods (docs/product/money.md): every figure rounded once, half up.
 * */
export interface TheftRefund {
  amountCents: number;
  commissionCents: number;
  commissionVatCents: number;
  refundCents: number;
}

/**
 * amount = quantity × price at the count; commission = round(amount × rate); its VAT =
 * round(commission × 19 %); refund = amount − commission − VAT. Quantity in thousandths of
 * the unit (2 jars = 2000, 0,352 kg = 352), the rate in basis points (7 % = 700).
 */
export function theftRefund(
  quantityThousandths: number,
  priceCents: number,
  commissionRateBp: number,
): TheftRefund {
  const amountCents = roundHalfUp(quantityThousandths * priceCents, 1000);
  const commissionCents = roundHalfUp(amountCents * commissionRateBp, 10_000);
  const commissionVatCents = roundHalfUp(commissionCents * COMMISSION_VAT_RATE, 100);
  return {
    amountCents,
    commissionCents,
    commissionVatCents,
    refundCents: amountCents - commissionCents - commissionVatCents,
  };
}

/** The Premium model's commission rate (basis points): the rate a refund deducts. */
export const PREMIUM_COMMISSION_RATE_BP = commissionModel('premium').rate * 100;

/**
 * The model of the contract running on `day` (several: the one that started first), from its
 * version in force that day; null when none runs (then nothing is refunded).
 */
export function provisionTypeOn(
  contracts: readonly SettlementContract[],
  day: string,
): 'basic' | 'premium' | null {
  const running = contracts
    .filter(
      (c) =>
        !c.cancelled &&
        c.versions.length > 0 &&
        c.startDate <= day &&
        (c.endDate === null || day <= c.endDate),
    )
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id))[0];
  if (!running) return null;
  let version = running.versions[0]!;
  for (const v of running.versions) if (v.validFrom <= day) version = v;
  return version.provisionType === 'premium' ? 'premium' : 'basic';
}

/**
 * A count's figures for one product and place: shrinkage = expected − counted; what of it the
 * refund covers: only goods the shop confirmed (expected less unconfirmed deliveries), only
 * when missing (a count above expected refunds nothing), never what the producer caused, and
 * only in the Premium model.
 */
export function countFigures(input: {
  expectedThousandths: number;
  unconfirmedThousandths: number;
  countedThousandths: number;
  premium: boolean;
  causedByProducer: boolean;
  priceCents: number;
  commissionRateBp: number;
}) {
  const shrinkage = input.expectedThousandths - input.countedThousandths;
  const confirmedShrinkage =
    input.expectedThousandths - input.unconfirmedThousandths - input.countedThousandths;
  const refundable =
    input.premium && !input.causedByProducer && shrinkage > 0
      ? Math.max(0, Math.min(shrinkage, confirmedShrinkage))
      : 0;
  return {
    shrinkageThousandths: shrinkage,
    refundableThousandths: refundable,
    refundCents:
      refundable > 0
        ? theftRefund(refundable, input.priceCents, input.commissionRateBp).refundCents
        : 0,
  };
}

/** Selling units sold by weight or volume: three decimals; all others whole pieces. */
export const MEASURED_UNITS = new Set(['kg', 'l']);

/** A quantity of the API (7, 0.352) in thousandths; null when it has more than three decimals. */
export function toThousandths(quantity: number): number | null {
  if (!Number.isFinite(quantity)) return null;
  const thousandths = Math.round(quantity * 1000);
  return Math.abs(thousandths - quantity * 1000) < 1e-6 ? thousandths : null;
}

export const fromThousandths = (thousandths: number) => thousandths / 1000;
