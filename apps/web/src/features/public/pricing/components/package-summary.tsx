import { commissionModel, formatOptionCount } from '@housnkuh/shared/catalog';
import { formatEuro } from '@housnkuh/shared/format';
import { PRICE_ON_REQUEST_LABEL } from '@housnkuh/shared/pricing';
import type { Configurator } from '../use-configurator';
import { PriceBreakdown } from './price-breakdown';
import { WaitlistNote } from './waitlist-note';

/** The chosen areas and options as a short list: '1 × Kühlfach', '2 × Kühlfächer'. */
export function PackageSummary({ configurator }: { configurator: Configurator }) {
  const { selected, counts, services, provisionType, rentalDuration } = configurator;
  const model = commissionModel(provisionType);
  return (
    <ul className="space-y-1 text-gray-900">
      {selected.map((option) => {
        const count = counts[option.id] ?? 0;
        return (
          <li key={option.id} className="flex justify-between gap-3">
            <span>{formatOptionCount(option.id, count)}</span>
            <span className="whitespace-nowrap tabular-nums">
              {option.priceDisplay ? PRICE_ON_REQUEST_LABEL : formatEuro(option.price * count)}
            </span>
          </li>
        );
      })}
      {services.lagerservice && <li>Lagerservice</li>}
      {services.versandservice && <li>Versandservice</li>}
      <li className="pt-1 text-sm text-gray-700">
        {model.name} ({model.rate} % Provision) · {rentalDuration} Monate
      </li>
    </ul>
  );
}

/** A dialog's recap of the package before it is booked: the list, the waiting list, the price. */
export function PackageRecap({
  configurator,
  noteClassName,
}: {
  configurator: Configurator;
  noteClassName: string;
}) {
  return (
    <>
      <PackageSummary configurator={configurator} />
      <WaitlistNote counts={configurator.counts} className={noteClassName} />
      <div className="mt-3">
        <PriceBreakdown
          price={configurator.price}
          months={configurator.rentalDuration}
          items={configurator.items}
        />
      </div>
    </>
  );
}
