import { EXTRA_SERVICES } from '@housnkuh/shared/catalog';
import { formatEuroChange } from '@housnkuh/shared/format';
import { VALIDATION } from '@housnkuh/shared/messages';
import type { Zusatzleistungen } from '@housnkuh/shared/pricing';
import { Info } from 'lucide-react';
import { useEarlyChoices } from '../../../../lib/early-input';

/**
 * One size for every checkbox of the configurator and the registration: it
 * never shrinks beside a long label (a flex item would).
 */
export const CHECKBOX_CLASS = 'mt-1 h-5 w-5 shrink-0 accent-coral-dark';

/** Lagerservice and Versandservice: enabled only with the premium model (spec §2). */
export function ExtraServices({
  premium,
  value,
  onToggle,
}: {
  premium: boolean;
  value: Zusatzleistungen;
  onToggle: (id: keyof Zusatzleistungen) => void;
}) {
  const ref = useEarlyChoices<HTMLFieldSetElement>((input) => {
    const service = EXTRA_SERVICES.find((entry) => entry.id === input.value);
    if (service) onToggle(service.id);
  });
  return (
    <fieldset
      ref={ref}
      disabled={!premium}
      aria-describedby={premium ? undefined : 'services-hint'}
    >
      <legend className="sr-only">Zusatzleistungen</legend>
      {!premium && (
        <p id="services-hint" className="mb-3 flex gap-2 rounded-lg bg-sand p-3 text-gray-900">
          <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          {VALIDATION.extraServicesPremiumOnly}
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        {EXTRA_SERVICES.map((service) => (
          <label
            key={service.id}
            className={`flex gap-3 rounded-xl border-2 bg-white p-4 ${
              premium ? 'cursor-pointer' : 'cursor-not-allowed opacity-70'
            } ${value[service.id] ? 'border-coral-dark' : 'border-gray-300'}`}
          >
            <input
              type="checkbox"
              value={service.id}
              checked={value[service.id]}
              onChange={() => onToggle(service.id)}
              className={CHECKBOX_CLASS}
            />
            <span>
              <span className="flex flex-wrap items-baseline gap-x-3 font-bold">
                {service.name}
                <span className="text-coral-darker">{formatEuroChange(service.price)} / Monat</span>
              </span>
              <span className="mt-1 block text-gray-800">{service.description}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
