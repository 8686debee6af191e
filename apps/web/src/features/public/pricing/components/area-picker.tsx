import { isOccupied, OCCUPIED_LABEL } from '@housnkuh/shared/availability';
import {
  PACKAGE_CATEGORY_LABELS,
  PACKAGE_OPTIONS,
  maxCountMessage,
  type PackageCategory,
} from '@housnkuh/shared/catalog';
import { formatEuro } from '@housnkuh/shared/format';
import { Minus, Plus } from 'lucide-react';
import { useHydrated } from '../../../../lib/hydrated';
import { useAvailability } from '../api/availability';

const CATEGORIES: PackageCategory[] = ['standard', 'cooled', 'premium', 'visibility'];

/**
 * Sales areas by category, each with plus and minus (spec §2); counts never go
 * below zero, nor above the units the shop has (then plus says so and does nothing).
 */
export function AreaPicker({
  counts,
  onIncrement,
  onDecrement,
}: {
  counts: Record<string, number>;
  onIncrement: (id: string) => void;
  onDecrement: (id: string) => void;
}) {
  const hydrated = useHydrated();
  const availability = useAvailability();
  return (
    <div className="space-y-8">
      {CATEGORIES.map((category) => (
        <section key={category} aria-labelledby={`category-${category}`}>
          <h3 id={`category-${category}`} className="mb-3 text-lg font-bold">
            {PACKAGE_CATEGORY_LABELS[category]}
          </h3>
          <ul className="grid gap-4 md:grid-cols-2">
            {PACKAGE_OPTIONS.filter((option) => option.category === category).map((option) => {
              const count = counts[option.id] ?? 0;
              const full = count >= option.maxCount;
              const limitId = `limit-${option.id}`;
              // no free unit now: it can still be asked for, and goes on the waiting list
              const occupied = isOccupied(availability.data, option.id);
              const occupiedId = `occupied-${option.id}`;
              return (
                <li
                  key={option.id}
                  className={`flex flex-col rounded-xl border-2 bg-white p-4 ${
                    count > 0 ? 'border-coral-dark' : 'border-gray-300'
                  }`}
                >
                  <div className="flex items-start justify-between gap-3">
                    <h4 className="font-bold">
                      {option.displayName}
                      {occupied && (
                        <span className="ml-2 inline-block rounded-full bg-navy px-2 py-0.5 align-middle text-xs font-semibold text-white">
                          {OCCUPIED_LABEL}
                        </span>
                      )}
                    </h4>
                    <span className="font-bold whitespace-nowrap text-coral-darker">
                      {option.priceDisplay ?? `${formatEuro(option.price)} / Monat`}
                    </span>
                  </div>
                  <p className="mt-1 text-gray-800">{option.description}</p>
                  <p className="mt-1 text-sm text-gray-700">{option.detail}</p>
                  {occupied && (
                    <p id={occupiedId} className="mt-2 text-sm font-semibold text-navy">
                      Alle Fächer dieser Art sind vergeben. Eine Anfrage kommt auf die Warteliste.
                    </p>
                  )}
                  <div className="mt-4 flex items-center justify-end gap-3">
                    <button
                      type="button"
                      onClick={() => onDecrement(option.id)}
                      disabled={count === 0 || !hydrated}
                      aria-label={`${option.displayName}: eine weniger`}
                      className="flex h-10 w-10 items-center justify-center rounded-full border-2 border-navy text-navy hover:bg-sand disabled:cursor-not-allowed disabled:border-gray-300 disabled:text-gray-400"
                    >
                      <Minus aria-hidden="true" className="h-5 w-5" />
                    </button>
                    <output
                      aria-live="polite"
                      aria-label={`Anzahl ${option.displayNamePlural}`}
                      className="w-8 text-center text-lg font-bold tabular-nums"
                    >
                      {count}
                    </output>
                    <button
                      type="button"
                      onClick={() => {
                        if (!full) onIncrement(option.id);
                      }}
                      // a tap before the page is interactive would be lost: wait for it
                      disabled={!hydrated}
                      // at the limit it stays focusable and points at the message
                      aria-disabled={full || undefined}
                      aria-describedby={
                        [full && limitId, occupied && occupiedId].filter(Boolean).join(' ') ||
                        undefined
                      }
                      aria-label={`${option.displayName}: eine mehr`}
                      className="flex h-10 w-10 items-center justify-center rounded-full bg-coral-dark text-white hover:bg-coral-darker disabled:cursor-wait disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:bg-gray-500"
                    >
                      <Plus aria-hidden="true" className="h-5 w-5" />
                    </button>
                  </div>
                  <p
                    id={limitId}
                    aria-live="polite"
                    className={`text-right text-sm font-semibold text-gray-800 ${full ? 'mt-2' : ''}`}
                  >
                    {full ? maxCountMessage(option) : ''}
                  </p>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
