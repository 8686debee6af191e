// Offene Posten: what producers owe the shop after a month whose charges exceeded the payout.
import { formatEuro, formatIsoDay } from '@housnkuh/shared/format';
import { formatMonth } from '@housnkuh/shared/months';
import { useState } from 'react';
import { ConfirmBox } from '../../../components/admin/confirm-box';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { useMarkOpenItemPaid, useOpenItems } from './api/revenue';
import { Badge } from './revenue-shared';

export function OpenItemsSection() {
  const items = useOpenItems();
  const pay = useMarkOpenItemPaid();
  const [asking, setAsking] = useState<string | null>(null);
  return (
    <section aria-labelledby="offene-posten" className="rounded-xl bg-white p-4">
      <h2 id="offene-posten" className="text-xl font-bold">
        Offene Posten
      </h2>
      <p className="mt-1 text-sm text-gray-800">
        Beträge, die Direktvermarkter aus einer negativen Auszahlung schulden. Noch offen, werden
        sie mit der nächsten Abrechnung verrechnet.
      </p>
      {items.isError && (
        <LoadError
          title="Die offenen Posten konnten nicht geladen werden."
          onRetry={() => void items.refetch()}
        />
      )}
      {items.data &&
        (items.data.openItems.length === 0 ? (
          <p className="mt-3">Keine offenen Posten.</p>
        ) : (
          <ul aria-label="Offene Posten" className="mt-3 divide-y divide-gray-200">
            {items.data.openItems.map((item) => (
              <li key={item.id} className="py-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {item.vendorName} · {formatMonth(item.month)} · {formatEuro(item.amountCents)} ·
                    fällig am {formatIsoDay(item.dueOn)}
                    {item.documentNumber && ` · ${item.documentNumber}`}{' '}
                    <Badge tone="open">offen</Badge>
                  </span>
                  <Button
                    variant="ghost"
                    onClick={() => setAsking(item.id)}
                    aria-label={`Zahlung von ${item.vendorName} erfassen (${formatEuro(item.amountCents)})`}
                  >
                    Zahlung erfassen
                  </Button>
                </div>
                {asking === item.id && (
                  <ConfirmBox
                    confirmLabel="Zahlung erfassen"
                    busy={pay.isPending}
                    error={pay.error}
                    onConfirm={() => pay.mutate(item.id, { onSuccess: () => setAsking(null) })}
                    onCancel={() => setAsking(null)}
                  >
                    Zahlung von {formatEuro(item.amountCents)} durch {item.vendorName} erfassen?
                  </ConfirmBox>
                )}
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}

/** Für die Steuerberatung: the document lines of a period as CSV, and the DATEV Buchungsstapel. */
