import { commissionModel } from '@housnkuh/shared/catalog';
import { formatEuro } from '@housnkuh/shared/format';
import type { Configurator } from '../use-configurator';

/** The chosen areas and options as a short list. */
export function PackageSummary({ configurator }: { configurator: Configurator }) {
  const { selected, counts, services, provisionType, rentalDuration } = configurator;
  const model = commissionModel(provisionType);
  return (
    <ul className="space-y-1 text-gray-900">
      {selected.map((option) => (
        <li key={option.id} className="flex justify-between gap-3">
          <span>
            {counts[option.id]} × {option.name}
          </span>
          <span className="whitespace-nowrap tabular-nums">
            {option.priceDisplay ?? formatEuro(option.price * (counts[option.id] ?? 0))}
          </span>
        </li>
      ))}
      {services.lagerservice && <li>Lagerservice</li>}
      {services.versandservice && <li>Versandservice</li>}
      <li className="pt-1 text-sm text-gray-700">
        {model.name} ({model.rate} % Provision) · {rentalDuration} Monate
      </li>
    </ul>
  );
}
