import { COMMISSION_VAT_RATE } from '@housnkuh/shared/catalog';
import { formatEuro, parseEuroAmount } from '@housnkuh/shared/format';
import { commissionOnSales } from '@housnkuh/shared/pricing';
import { useEffect, useId, useRef, useState } from 'react';

/** The example's sales until the producer enters their own: 500,00 €. */
export const EXAMPLE_SALES = '500';
/** '1.000.000,00' and no longer. */
export const SALES_INPUT_MAX_LENGTH = 12;

/**
 * The commission as what it is: a share of the producer's own sales, not of
 * the rent. The producer enters a month's sales and reads the commission with
 * its VAT (docs/product/money.md: rounded once per figure).
 */
export function CommissionExample({ rate }: { rate: number }) {
  const id = useId();
  const [text, setText] = useState(EXAMPLE_SALES);
  const input = useRef<HTMLInputElement>(null);
  // a figure typed before the page became interactive is in the field, not in the state
  useEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== EXAMPLE_SALES) setText(typed);
  }, []);

  const sales = parseEuroAmount(text);
  const commission = sales === null ? null : commissionOnSales(sales, rate);
  return (
    <div className="mt-4 rounded-lg bg-cream p-3 text-sm text-gray-900">
      <p>
        <span className="font-semibold">Provision:</span> {rate} % auf deine Verkäufe im Laden,
        zzgl. {COMMISSION_VAT_RATE} % MwSt. auf die Provision. Sie hängt von deinem Umsatz ab, nicht
        von der Miete.
      </p>
      <label htmlFor={`${id}-sales`} className="mt-2 block font-semibold">
        Dein Umsatz im Monat (Beispiel)
      </label>
      <div className="mt-1 flex items-center gap-2">
        <input
          ref={input}
          id={`${id}-sales`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          maxLength={SALES_INPUT_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={`${id}-result`}
          aria-invalid={commission === null ? true : undefined}
          className="w-32 rounded-lg border border-gray-400 bg-white px-3 py-2 text-base text-navy tabular-nums"
        />
        <span aria-hidden="true">€</span>
      </div>
      <p id={`${id}-result`} aria-live="polite" className="mt-2">
        {commission === null || sales === null
          ? 'Bitte gib einen Betrag in Euro ein, zum Beispiel 500.'
          : `Bei ${formatEuro(sales)} Umsatz: ${formatEuro(commission.net)} Provision + ${formatEuro(commission.vat)} MwSt. = ${formatEuro(commission.gross)}`}
      </p>
    </div>
  );
}
