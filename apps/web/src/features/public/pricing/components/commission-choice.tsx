import { COMMISSION_MODELS, type ProvisionType } from '@housnkuh/shared/catalog';
import { Check } from 'lucide-react';
import { useEarlyChoices } from '../../../../lib/early-input';

export function CommissionChoice({
  value,
  onChange,
}: {
  value: ProvisionType;
  onChange: (type: ProvisionType) => void;
}) {
  const ref = useEarlyChoices<HTMLFieldSetElement>((input) => {
    const model = COMMISSION_MODELS.find((entry) => entry.id === input.value);
    if (model) onChange(model.id);
  });
  return (
    <fieldset ref={ref}>
      <legend className="sr-only">Provisionsmodell</legend>
      <div className="grid gap-4 md:grid-cols-2">
        {COMMISSION_MODELS.map((model) => {
          const checked = value === model.id;
          return (
            <label
              key={model.id}
              className={`flex cursor-pointer flex-col rounded-xl border-2 bg-white p-5 transition-colors has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-600 ${
                checked ? 'border-coral-dark' : 'border-gray-300 hover:border-gray-500'
              }`}
            >
              <span className="flex items-start justify-between gap-3">
                <span className="flex items-center gap-3">
                  <input
                    type="radio"
                    name="provisionType"
                    value={model.id}
                    checked={checked}
                    onChange={() => onChange(model.id)}
                    className="h-5 w-5 shrink-0 accent-coral-dark"
                  />
                  <span className="text-lg font-bold">{model.name}</span>
                </span>
                <span className="rounded-md bg-navy px-2 py-1 text-sm font-bold whitespace-nowrap text-white">
                  {model.rate} % Provision
                </span>
              </span>
              <span className="mt-2 text-gray-800">{model.description}</span>
              <ul className="mt-3 space-y-1 text-sm">
                {model.benefits.map((benefit) => (
                  <li key={benefit} className="flex gap-2">
                    <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-moss" />
                    {benefit}
                  </li>
                ))}
              </ul>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
