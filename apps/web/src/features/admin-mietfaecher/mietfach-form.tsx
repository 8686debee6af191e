import { PACKAGE_OPTIONS, findPackageOption } from '@housnkuh/shared/catalog';
import { formatEuro, parseEuroAmount } from '@housnkuh/shared/format';
import type { CreateMietfachInput, Mietfach } from '@housnkuh/shared/schemas/admin-rental';
import { useId, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { adminErrorMessage } from '../../lib/admin-api';

const INPUT = 'w-full rounded-lg border border-gray-400 bg-white px-3 py-2.5';

/** A unit's fields; the price is typed in euros ('35' or '35,00'), empty = the catalog price. */
export function MietfachForm({
  initial,
  submitLabel,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  initial?: Mietfach;
  submitLabel: string;
  busy: boolean;
  error: unknown;
  onSubmit: (input: CreateMietfachInput) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(initial?.name ?? '');
  const [optionId, setOptionId] = useState(initial?.optionId ?? 'block-a');
  const [standort, setStandort] = useState(initial?.standort ?? '');
  const [groesse, setGroesse] = useState(initial?.groesse ?? '');
  const [beschreibung, setBeschreibung] = useState(initial?.beschreibung ?? '');
  const [price, setPrice] = useState(
    initial ? formatEuro(initial.priceCents).replace(/\s?€$/, '') : '',
  );
  const [priceError, setPriceError] = useState('');
  const catalogPrice = findPackageOption(optionId)?.price ?? 0;

  return (
    <form
      noValidate
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        const cents = price.trim() ? parseEuroAmount(price) : null;
        if (price.trim() && cents === null) {
          setPriceError('Bitte gib den Preis in Euro ein, z. B. 35 oder 35,00.');
          return;
        }
        setPriceError('');
        onSubmit({
          name,
          optionId,
          standort,
          groesse,
          beschreibung,
          ...(cents !== null ? { priceCents: cents } : {}),
        });
      }}
    >
      <div>
        <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-semibold">
          Name oder Nummer
        </label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={40}
          required
          onChange={(event) => setName(event.target.value)}
          className={INPUT}
        />
      </div>
      <div>
        <label htmlFor={`${id}-type`} className="mb-1 block text-sm font-semibold">
          Typ
        </label>
        <select
          id={`${id}-type`}
          value={optionId}
          onChange={(event) => setOptionId(event.target.value)}
          className={INPUT}
        >
          {PACKAGE_OPTIONS.map((option) => (
            <option key={option.id} value={option.id}>
              {option.displayName}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-place`} className="mb-1 block text-sm font-semibold">
          Standort im Laden
        </label>
        <input
          id={`${id}-place`}
          value={standort}
          maxLength={120}
          onChange={(event) => setStandort(event.target.value)}
          className={INPUT}
        />
      </div>
      <div>
        <label htmlFor={`${id}-size`} className="mb-1 block text-sm font-semibold">
          Größe
        </label>
        <input
          id={`${id}-size`}
          value={groesse}
          maxLength={60}
          onChange={(event) => setGroesse(event.target.value)}
          className={INPUT}
        />
      </div>
      <div>
        <label htmlFor={`${id}-price`} className="mb-1 block text-sm font-semibold">
          Monatspreis in Euro
        </label>
        <input
          id={`${id}-price`}
          value={price}
          inputMode="decimal"
          maxLength={12}
          placeholder={formatEuro(catalogPrice).replace(/\s?€$/, '')}
          aria-describedby={`${id}-price-hint`}
          aria-invalid={priceError ? true : undefined}
          onChange={(event) => setPrice(event.target.value)}
          className={INPUT}
        />
        <p id={`${id}-price-hint`} className="mt-1 text-sm text-gray-700">
          {priceError || `Leer lassen für den Katalogpreis (${formatEuro(catalogPrice)}).`}
        </p>
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-text`} className="mb-1 block text-sm font-semibold">
          Beschreibung
        </label>
        <textarea
          id={`${id}-text`}
          value={beschreibung}
          rows={2}
          maxLength={500}
          onChange={(event) => setBeschreibung(event.target.value)}
          className={INPUT}
        />
      </div>
      <div aria-live="polite" className="sm:col-span-2">
        {error != null && (
          <Alert tone="error" focusOnShow>
            <p>{adminErrorMessage(error)}</p>
          </Alert>
        )}
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Wird gespeichert...' : submitLabel}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Abbrechen
          </Button>
        )}
      </div>
    </form>
  );
}
