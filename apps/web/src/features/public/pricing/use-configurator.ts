import {
  DEFAULT_PROVISION_TYPE,
  DEFAULT_RENTAL_DURATION,
  PACKAGE_OPTIONS,
  commissionModel,
  findPackageOption,
  type ProvisionType,
  type RentalDurationChoice,
} from '@housnkuh/shared/catalog';
import { calculatePrice, type PriceResult, type Zusatzleistungen } from '@housnkuh/shared/pricing';
import type { PackageDataInput } from '@housnkuh/shared/schemas/booking';
import { useMemo, useState } from 'react';

export const NO_SERVICES: Zusatzleistungen = { lagerservice: false, versandservice: false };

const EMPTY_PRICE: PriceResult = {
  packageCosts: 0,
  addonCosts: 0,
  zusatzleistungenCosts: 0,
  subtotal: 0,
  discount: 0,
  discountAmount: 0,
  monthlyTotal: 0,
  totalForDuration: 0,
  provision: { rate: 7, monthlyAmount: 0, totalAmount: 0 },
};

/** The configurator's choices and the price computed from them with the shared calculation. */
export function useConfigurator() {
  const [provisionType, setProvisionTypeState] = useState<ProvisionType>(DEFAULT_PROVISION_TYPE);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [rentalDuration, setRentalDuration] =
    useState<RentalDurationChoice>(DEFAULT_RENTAL_DURATION);
  const [services, setServices] = useState<Zusatzleistungen>(NO_SERVICES);

  const model = commissionModel(provisionType);
  const selected = PACKAGE_OPTIONS.filter((option) => (counts[option.id] ?? 0) > 0);
  const hasArea = selected.length > 0;

  const price = useMemo(
    () =>
      hasArea
        ? calculatePrice({
            packageOptions: selected.map((option) => ({
              ...option,
              count: counts[option.id] ?? 0,
            })),
            zusatzleistungen: services,
            rentalDuration,
            provisionRate: model.rate,
          })
        : { ...EMPTY_PRICE, provision: { ...EMPTY_PRICE.provision, rate: model.rate } },
    // selected is derived from counts
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [counts, services, rentalDuration, model.rate, hasArea],
  );

  /** Choosing a model other than premium switches both extra services off (spec §4). */
  const setProvisionType = (type: ProvisionType) => {
    setProvisionTypeState(type);
    if (type !== 'premium') setServices(NO_SERVICES);
  };
  /** Never above the option's maxCount (the units the shop has); the schema checks the same. */
  const increment = (id: string) =>
    setCounts((c) => ({
      ...c,
      [id]: Math.min(findPackageOption(id)?.maxCount ?? 0, (c[id] ?? 0) + 1),
    }));
  /** Never below zero. */
  const decrement = (id: string) =>
    setCounts((c) => ({ ...c, [id]: Math.max(0, (c[id] ?? 0) - 1) }));
  const toggleService = (id: keyof Zusatzleistungen) => {
    if (provisionType !== 'premium') return;
    setServices((s) => ({ ...s, [id]: !s[id] }));
  };

  /** The chosen areas with their counts, for the summaries. */
  const items = selected.map((option) => ({
    id: option.id,
    count: counts[option.id] ?? 0,
    priceDisplay: option.priceDisplay,
  }));

  /** The package as the API takes it; the server prices it again from the catalog. */
  const packageData: PackageDataInput = {
    selectedProvisionType: provisionType,
    packageCounts: Object.fromEntries(
      selected.map((option) => [option.id, counts[option.id] ?? 0]),
    ),
    packageOptions: selected.map(({ id, name, price: cents }) => ({
      id,
      name,
      price: cents / 100,
    })),
    rentalDuration,
    totalCost: { monthly: price.monthlyTotal / 100, oneTime: 0, provision: model.rate },
    discount: price.discount / 100,
    zusatzleistungen: services,
  };

  return {
    provisionType,
    setProvisionType,
    model,
    counts,
    increment,
    decrement,
    rentalDuration,
    setRentalDuration,
    services,
    toggleService,
    selected,
    items,
    hasArea,
    price,
    packageData,
  };
}

export type Configurator = ReturnType<typeof useConfigurator>;
