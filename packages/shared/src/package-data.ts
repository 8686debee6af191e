/**
 * The one way package data leaves the server (spec §3 "Package data"): built
 * from a booking as stored, i.e. as the server priced it from the catalog when
 * it was booked, so later catalog changes do not alter a booking's prices.
 */
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
