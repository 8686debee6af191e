import {
  RENTAL_DURATIONS,
  discountForDuration,
  type RentalDurationChoice,
} from '@housnkuh/shared/catalog';
import { useEarlyChoices } from '../../../../lib/early-input';

export function DurationChoice({
  value,
  onChange,
}: {
  value: RentalDurationChoice;
  onChange: (months: RentalDurationChoice) => void;
}) {
  const ref = useEarlyChoices<HTMLFieldSetElement>((input) => {
    const months = RENTAL_DURATIONS.find((entry) => String(entry) === input.value);
    if (months) onChange(months);
  });
  return (
    <fieldset ref={ref}>
      <legend className="sr-only">Mietdauer</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {RENTAL_DURATIONS.map((months) => {
          const discount = Math.round(discountForDuration(months) * 100);
          return (
            <label
              key={months}
              className={`flex cursor-pointer items-center gap-3 rounded-xl border-2 bg-white p-4 ${
                value === months ? 'border-coral-dark' : 'border-gray-300 hover:border-gray-500'
              }`}
            >
              <input
                type="radio"
                name="rentalDuration"
                value={months}
                checked={value === months}
                onChange={() => onChange(months)}
                className="h-5 w-5 shrink-0 accent-coral-dark"
              />
              <span>
                <span className="block font-bold">{months} Monate</span>
                <span className="text-sm text-gray-700">
                  {discount > 0 ? `${discount} % Rabatt` : 'ohne Rabatt'}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
