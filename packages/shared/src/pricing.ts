/**
 * Price calculation of spec §3, §5 and §9, in integer cents.
 *
 * `calculatePrice` has the input and result fields of the spec. Options priced
 * 'auf Anfrage' or with count 0 are left out, weekly add-ons count four times a
 * month, extra services cost only with the premium model (7 %), and an explicit
 * discount overrides the duration tiers.
 *
 * `priceSelection` is what the configurator and the server use: it resolves a
 * selection (ids and counts) against the catalog, so no client price is trusted.
 */
import {
  ADDON_OPTIONS,
  COMMISSION_VAT_RATE,
  EXTRA_SERVICES,
  MAX_RENTAL_DURATION,
  MIN_RENTAL_DURATION,
  PACKAGE_OPTIONS,
  PRICE_ON_REQUEST,
  commissionModel,
  discountForDuration,
  findPackageOption,
  optionDisplayName,
  type AddonOption,
  type ProvisionType,
} from './catalog';
import { formatEuro } from './format';

export const PRICE_ERRORS = {
  noPackage: 'At least one package option is required',
  duration: 'Rental duration must be between 1 and 24 months',
  provisionRate: 'Provision rate must be either 4% (Basic) or 7% (Premium)',
  addonNotFound: 'Addon option not found',
  packageNotFound: 'Package option not found',
  discount: 'Discount must be between 0 and 1',
} as const;

export class PriceCalculationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PriceCalculationError';
  }
}

export interface PriceInputPackage {
  id: string;
  name: string;
  /** Monthly price per unit in cents. */
  price: number;
  /** Number of units, 1 when left out. */
  count?: number;
  priceDisplay?: string;
}

export interface PriceInputAddon {
  id: string;
  name: string;
  price: number;
  isWeekly?: boolean;
}

export interface Zusatzleistungen {
  lagerservice: boolean;
  versandservice: boolean;
}

export interface PriceInput {
  packageOptions: readonly PriceInputPackage[];
  addonOptions?: readonly PriceInputAddon[];
  zusatzleistungen?: Zusatzleistungen;
  /** Months, 1 to 24. */
  rentalDuration: number;
  /** Commission in percent: 4 or 7. */
  provisionRate: number;
  /** Explicit discount as a fraction (0.1 = 10 %); overrides the duration tiers. */
  discount?: number;
}

export interface PriceResult {
  packageCosts: number;
  addonCosts: number;
  zusatzleistungenCosts: number;
  subtotal: number;
  /** Discount in percent, e.g. 10 for 10 %. */
  discount: number;
  discountAmount: number;
  monthlyTotal: number;
  totalForDuration: number;
  provision: {
    rate: number;
    /** An example: the commission on sales equal to the monthly total. Never billed. */
    monthlyAmount: number;
    totalAmount: number;
  };
}

function isCountable(option: PriceInputPackage): boolean {
  const count = option.count ?? 1;
  return count > 0 && option.priceDisplay !== PRICE_ON_REQUEST;
}

export function calculatePrice(
  input: PriceInput,
  addonCatalog: readonly AddonOption[] = ADDON_OPTIONS,
): PriceResult {
  if (!input.packageOptions || input.packageOptions.length === 0) {
    throw new PriceCalculationError(PRICE_ERRORS.noPackage);
  }
  const duration = input.rentalDuration;
  if (
    !Number.isInteger(duration) ||
    duration < MIN_RENTAL_DURATION ||
    duration > MAX_RENTAL_DURATION
  ) {
    throw new PriceCalculationError(PRICE_ERRORS.duration);
  }
  if (input.provisionRate !== 4 && input.provisionRate !== 7) {
    throw new PriceCalculationError(PRICE_ERRORS.provisionRate);
  }
  if (input.discount !== undefined && !(input.discount >= 0 && input.discount <= 1)) {
    throw new PriceCalculationError(PRICE_ERRORS.discount);
  }

  const packageCosts = input.packageOptions
    .filter(isCountable)
    .reduce((sum, option) => sum + option.price * (option.count ?? 1), 0);

  const addonCosts = (input.addonOptions ?? []).reduce((sum, addon) => {
    const known = addonCatalog.find((candidate) => candidate.id === addon.id);
    if (!known) throw new PriceCalculationError(PRICE_ERRORS.addonNotFound);
    return sum + (known.isWeekly ? known.price * 4 : known.price);
  }, 0);

  const services = input.zusatzleistungen;
  const zusatzleistungenCosts =
    input.provisionRate === 7 && services
      ? EXTRA_SERVICES.reduce(
          (sum, service) => (services[service.id] ? sum + service.price : sum),
          0,
        )
      : 0;

  const subtotal = packageCosts + addonCosts + zusatzleistungenCosts;
  const discountRate = input.discount ?? discountForDuration(duration);
  const discountAmount = Math.round(subtotal * discountRate);
  const monthlyTotal = subtotal - discountAmount;
  const monthlyProvision = Math.round((monthlyTotal * input.provisionRate) / 100);

  return {
    packageCosts,
    addonCosts,
    zusatzleistungenCosts,
    subtotal,
    discount: Math.round(discountRate * 10000) / 100,
    discountAmount,
    monthlyTotal,
    totalForDuration: monthlyTotal * duration,
    provision: {
      rate: input.provisionRate,
      monthlyAmount: monthlyProvision,
      totalAmount: monthlyProvision * duration,
    },
  };
}

/** What a producer chose in the configurator: ids and counts only. */
export interface PackageSelection {
  provisionType: ProvisionType;
  packageCounts: Record<string, number>;
  rentalDuration: number;
  zusatzleistungen: Zusatzleistungen;
  addonIds?: readonly string[];
}

export interface SelectedItem {
  id: string;
  name: string;
  /** Price per unit per month in cents. */
  price: number;
  count: number;
  priceDisplay?: string;
}

export interface PricedSelection {
  provisionType: ProvisionType;
  provisionRate: 4 | 7;
  rentalDuration: number;
  items: SelectedItem[];
  zusatzleistungen: Zusatzleistungen;
  price: PriceResult;
}

/** A rental unit (Mietfach) as a contract's terms hold it, at its monthly price in cents. */
export interface VersionUnit {
  id: string;
  name: string;
  optionId: string;
  priceCents: number;
}

/**
 * What a contract keeps of its booking (the column contracts.package_snapshot): the selection as
 * priced, the units it got at their prices and the admin's reason for a price of its own. Every
 * field may be missing: rows written by tests and the bench hold `{}`.
 */
export type PackageSnapshot = Partial<PricedSelection> & {
  units?: VersionUnit[];
  priceReason?: string | null;
};

/** Resolves a selection against the catalog and prices it. */
export function priceSelection(selection: PackageSelection): PricedSelection {
  const model = commissionModel(selection.provisionType);
  const items: SelectedItem[] = [];
  for (const [id, count] of Object.entries(selection.packageCounts)) {
    const option = PACKAGE_OPTIONS.find((candidate) => candidate.id === id);
    if (!option) throw new PriceCalculationError(PRICE_ERRORS.packageNotFound);
    if (count > 0) {
      items.push({
        id,
        name: option.name,
        price: option.price,
        count,
        ...(option.priceDisplay ? { priceDisplay: option.priceDisplay } : {}),
      });
    }
  }
  const premium = model.id === 'premium';
  const zusatzleistungen = {
    lagerservice: premium && selection.zusatzleistungen.lagerservice,
    versandservice: premium && selection.zusatzleistungen.versandservice,
  };
  const addonOptions = (selection.addonIds ?? []).map((id) => {
    const addon = ADDON_OPTIONS.find((candidate) => candidate.id === id);
    if (!addon) throw new PriceCalculationError(PRICE_ERRORS.addonNotFound);
    return addon;
  });
  // Order items as the catalog lists them, whatever order the client sent.
  items.sort(
    (a, b) =>
      PACKAGE_OPTIONS.findIndex((o) => o.id === a.id) -
      PACKAGE_OPTIONS.findIndex((o) => o.id === b.id),
  );
  const price = calculatePrice({
    packageOptions: items,
    addonOptions,
    zusatzleistungen,
    rentalDuration: selection.rentalDuration,
    provisionRate: model.rate,
  });
  return {
    provisionType: model.id,
    provisionRate: model.rate,
    rentalDuration: selection.rentalDuration,
    items,
    zusatzleistungen,
    price,
  };
}

export interface CommissionOnSales {
  /** round(sales × rate), in cents. */
  net: number;
  /** round(net × 19 %), in cents. */
  vat: number;
  gross: number;
}

/**
 * The commission on a month's gross sales (docs/product/money.md): the rate of
 * the sales, rounded half up to the cent, plus 19 % VAT on it, rounded once.
 * This is what the producer pays besides the rent; it depends on the sales,
 * never on the rent.
 */
export function commissionOnSales(salesCents: number, rate: number): CommissionOnSales {
  const sales = Math.max(0, Math.round(salesCents));
  const net = Math.round((sales * rate) / 100);
  const vat = Math.round((net * COMMISSION_VAT_RATE) / 100);
  return { net, vat, gross: net + vat };
}

/** What a summary shows where a price is agreed later. */
export const PRICE_ON_REQUEST_LABEL = 'Preis auf Anfrage';

interface ChosenItem {
  id: string;
  count: number;
  name?: string;
  priceDisplay?: string | undefined;
}

/** True when every chosen area is priced on request, e.g. only 'Flexibler Bereich'. */
export function onlyPricedOnRequest(items: readonly ChosenItem[]): boolean {
  const chosen = items.filter((item) => item.count > 0);
  return chosen.length > 0 && chosen.every((item) => item.priceDisplay === PRICE_ON_REQUEST);
}

/**
 * The note for areas priced on request beside a total that leaves them out:
 * 'zzgl. Flexibler Bereich (Preis auf Anfrage)', or undefined when there are none.
 */
export function onRequestNote(items: readonly ChosenItem[]): string | undefined {
  const names = items
    .filter((item) => item.count > 0 && item.priceDisplay === PRICE_ON_REQUEST)
    .map((item) => {
      const option = findPackageOption(item.id);
      return option ? optionDisplayName(option, item.count) : (item.name ?? item.id);
    });
  return names.length ? `zzgl. ${names.join(', ')} (${PRICE_ON_REQUEST_LABEL})` : undefined;
}

/**
 * A monthly amount as people read it: 'Preis auf Anfrage' while nothing chosen
 * has a price yet, otherwise the money (with `unit`, e.g. ' / Monat') and, when
 * areas priced on request are left out of it, the note about them.
 */
export function priceWithRequestNote(
  items: readonly ChosenItem[],
  cents: number,
  unit = '',
): string {
  if (cents === 0 && onlyPricedOnRequest(items)) return PRICE_ON_REQUEST_LABEL;
  const note = onRequestNote(items);
  return `${formatEuro(cents)}${unit}${note ? ` ${note}` : ''}`;
}
