import {
  firstOfNextMonth,
  formatEuro,
  formatIsoDay,
  isoDayInBerlin,
  parseEuroAmount,
} from '@housnkuh/shared/format';
import type { AdminContract } from '@housnkuh/shared/schemas/admin-rental';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { adminErrorMessage } from '../../lib/admin-api';
import { useChangeContract, useUnits } from './api/vertraege';

const INPUT = 'w-full rounded-lg border border-gray-400 bg-white px-3 py-2.5';

const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/**
 * New terms from a day on (units, prices, model, extra services): a new
 * version of the contract; the old one stays readable in "Versionen".
 */
export function ChangeForm({ contract }: { contract: AdminContract }) {
  const units = useUnits();
  const change = useChangeContract(contract.id);
  const base = contract.nextChange ?? contract;
  const today = isoDayInBerlin();
  const [validFrom, setValidFrom] = useState(() => {
    const first = firstOfNextMonth(today);
    return contract.startDate > first ? contract.startDate : first;
  });
  const [chosen, setChosen] = useState<string[]>(() => base.mietfaecher.map((unit) => unit.id));
  const [prices, setPrices] = useState<Record<string, string>>(() =>
    Object.fromEntries(base.mietfaecher.map((unit) => [unit.id, euros(unit.priceCents)])),
  );
  const [provisionType, setProvisionType] = useState(base.provisionType as 'basic' | 'premium');
  const [services, setServices] = useState(base.zusatzleistungen);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const own = new Set(base.mietfaecher.map((unit) => unit.id));
  const choices = (units.data?.mietfaecher ?? []).filter(
    (unit) => own.has(unit.id) || (unit.isActive && unit.state === 'free'),
  );
  const toggle = (id: string, listPrice: number, on: boolean) => {
    setChosen((list) => (on ? [...list, id] : list.filter((other) => other !== id)));
    if (on && prices[id] === undefined) setPrices((all) => ({ ...all, [id]: euros(listPrice) }));
  };

  const submit = () => {
    setProblem(null);
    const priceCents: Record<string, number> = {};
    for (const id of chosen) {
      const cents = parseEuroAmount(prices[id] ?? '');
      if (cents === null) {
        setProblem('Bitte gib jeden Preis in Euro ein, z. B. 35 oder 35,00.');
        return;
      }
      priceCents[id] = cents;
    }
    change.mutate({
      validFrom,
      mietfachIds: chosen,
      priceCents,
      provisionType,
      zusatzleistungen:
        provisionType === 'premium' ? services : { lagerservice: false, versandservice: false },
      reason,
    });
  };

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="text-gray-800">
        Gilt ab dem gewählten Tag; bis dahin bleibt alles, wie es ist. Der Direktvermarkter bekommt
        eine E-Mail.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="change-from" className="mb-1 block text-sm font-semibold">
            Gilt ab
          </label>
          <input
            id="change-from"
            type="date"
            min={today}
            value={validFrom}
            onChange={(event) => setValidFrom(event.target.value)}
            className={INPUT}
          />
        </div>
        <div>
          <label htmlFor="change-model" className="mb-1 block text-sm font-semibold">
            Modell
          </label>
          <select
            id="change-model"
            value={provisionType}
            onChange={(event) => setProvisionType(event.target.value as 'basic' | 'premium')}
            className={INPUT}
          >
            <option value="basic">Basismodell (4 %)</option>
            <option value="premium">Premium-Modell (7 %)</option>
          </select>
        </div>
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-semibold">
          Zusatzleistungen (nur Premium-Modell)
        </legend>
        {(['lagerservice', 'versandservice'] as const).map((key) => (
          <label key={key} className="mr-6 inline-flex items-center gap-2">
            <input
              type="checkbox"
              className="h-5 w-5 accent-navy"
              disabled={provisionType !== 'premium'}
              checked={provisionType === 'premium' && services[key]}
              onChange={(event) => setServices((all) => ({ ...all, [key]: event.target.checked }))}
            />
            {key === 'lagerservice' ? 'Lagerservice' : 'Versandservice'}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend className="mb-1 text-sm font-semibold">
          Mietfächer (die bisherigen und alle freien)
        </legend>
        {units.isPending && <p role="status">Mietfächer werden geladen …</p>}
        {units.isError && <p>{adminErrorMessage(units.error)}</p>}
        <ul className="max-h-72 space-y-2 overflow-y-auto rounded-lg border border-gray-300 p-3">
          {choices.map((unit) => {
            const on = chosen.includes(unit.id);
            return (
              <li key={unit.id} className="flex flex-wrap items-center gap-3">
                <label className="flex min-w-40 items-center gap-2">
                  <input
                    type="checkbox"
                    className="h-5 w-5 accent-navy"
                    checked={on}
                    onChange={(event) => toggle(unit.id, unit.priceCents, event.target.checked)}
                  />
                  {unit.name} ({formatEuro(unit.priceCents)})
                </label>
                {on && (
                  <label className="flex items-center gap-2 text-sm">
                    Preis {unit.name} (€)
                    <input
                      value={prices[unit.id] ?? ''}
                      inputMode="decimal"
                      maxLength={12}
                      onChange={(event) =>
                        setPrices((all) => ({ ...all, [unit.id]: event.target.value }))
                      }
                      className="w-28 rounded-lg border border-gray-400 px-2 py-1"
                    />
                  </label>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div>
        <label htmlFor="change-reason" className="mb-1 block text-sm font-semibold">
          Grund der Änderung
        </label>
        <input
          id="change-reason"
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          className={INPUT}
        />
      </div>
      <div aria-live="polite">
        {(problem || change.isError) && (
          <Alert tone="error" focusOnShow>
            <p>{problem ?? adminErrorMessage(change.error)}</p>
          </Alert>
        )}
        {change.isSuccess && (
          <Alert tone="success" focusOnShow>
            <p>{change.data.message}</p>
          </Alert>
        )}
      </div>
      <Button type="submit" variant="secondary" disabled={change.isPending}>
        {validFrom ? `Änderung ab ${formatIsoDay(validFrom)} eintragen` : 'Änderung eintragen'}
      </Button>
    </form>
  );
}

/** Every version of the contract, newest first. */
export function Versions({ contract }: { contract: AdminContract }) {
  const today = isoDayInBerlin();
  return (
    <ol className="space-y-3">
      {[...contract.versions].reverse().map((version, index) => (
        <li key={index}>
          <p className="font-semibold">
            ab {formatIsoDay(version.validFrom)}
            {version.validFrom > today ? ' (geplant)' : ''}:{' '}
            {version.provisionType === 'premium' ? 'Premium-Modell' : 'Basismodell'},{' '}
            {formatEuro(version.monthlyPriceCents)} im Monat
          </p>
          <p className="text-sm">
            {version.mietfaecher
              .map((unit) => `${unit.name} (${formatEuro(unit.priceCents)})`)
              .join(', ')}
            {version.zusatzleistungen.lagerservice ? ' · Lagerservice' : ''}
            {version.zusatzleistungen.versandservice ? ' · Versandservice' : ''}
          </p>
          {version.reason && (
            <p className="text-sm text-gray-800">
              {version.actorName}: {version.reason}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
