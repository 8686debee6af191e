/**
 * The one way package data leaves the server (spec §3 "Package data"): built
 * from a booking as stored, i.e. as the server priced it from the catalog when
 * it was booked, so later catalog changes do not alter a booking's prices.
 */
import { COMMISSION_MODELS } from './catalog';
import { formatEuro } from './format';
import { calculatePrice, type PriceResult, type PricedSelection } from './pricing';
import type { PackageDataAnswer } from './schemas/booking';

const euros = (cents: number) => cents / 100;
const cents = (euros: number) => Math.round(euros * 100);

export function packageDataAnswer(pkg: PricedSelection): PackageDataAnswer {
  return {
    selectedProvisionType: pkg.provisionType,
    packageCounts: Object.fromEntries(pkg.items.map((item) => [item.id, item.count])),
    packageOptions: pkg.items.map((item) => ({
      id: item.id,
      name: item.name,
      price: euros(item.price),
      ...(item.priceDisplay ? { priceDisplay: item.priceDisplay } : {}),
    })),
    rentalDuration: pkg.rentalDuration,
    totalCost: {
      monthly: euros(pkg.price.monthlyTotal),
      oneTime: 0,
      provision: pkg.provisionRate,
    },
    discount: pkg.price.discount / 100,
    zusatzleistungen: { ...pkg.zusatzleistungen },
  };
}

/**
 * The chosen areas of package data the server answered, each with its count
 * and its unit price in cents (the shape the price calculation takes).
 */
export function packageDataItems(pkg: PackageDataAnswer) {
  return pkg.packageOptions.map((option) => ({
    id: option.id,
    name: option.name,
    price: cents(option.price),
    count: pkg.packageCounts[option.id] ?? 0,
    ...(option.priceDisplay ? { priceDisplay: option.priceDisplay } : {}),
  }));
}

/**
 * The price breakdown (in cents) of package data the server answered, from
 * its own unit prices and discount, for showing the lines that make up its
 * `totalCost.monthly`.
 */
export function packageDataBreakdown(pkg: PackageDataAnswer): PriceResult {
  return calculatePrice({
    packageOptions: packageDataItems(pkg),
    zusatzleistungen: pkg.zusatzleistungen,
    rentalDuration: pkg.rentalDuration,
    provisionRate: pkg.totalCost.provision,
    discount: pkg.discount,
  });
}

/**
 * One line that tells a request apart from the producer's others:
 * '2 × Verkaufsblock Lage A, 1 × gekühlt · 6 Monate · Premium-Modell · 115,75 € monatlich'.
 */
export function packageSummary(pkg: PackageDataAnswer): string {
  const units = pkg.packageOptions
    .map((option) => [pkg.packageCounts[option.id] ?? 0, option.name] as const)
    .filter(([n]) => n > 0)
    .map(([n, name]) => `${n} × ${name}`)
    .join(', ');
  const model = COMMISSION_MODELS.find((m) => m.id === pkg.selectedProvisionType)?.name;
  return [
    units || 'keine Fläche',
    `${pkg.rentalDuration} ${pkg.rentalDuration === 1 ? 'Monat' : 'Monate'}`,
    model ?? pkg.selectedProvisionType,
    `${formatEuro(cents(pkg.totalCost.monthly))} monatlich`,
  ].join(' · ');
}
