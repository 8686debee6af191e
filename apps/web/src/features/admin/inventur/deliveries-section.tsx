import { formatDate, formatDateTime, isoDayInBerlin } from '@housnkuh/shared/format';
import type { Delivery } from '@housnkuh/shared/schemas/inventory';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { adminErrorMessage } from '../../../lib/admin-api';
import { useConfirmDeliveries, useUnconfirmedDeliveries } from './api/inventory';
import { quantityText } from '../../../lib/stock-quantities';

interface DayGroup {
  day: string;
  producers: { vendorId: string; vendorName: string; deliveries: Delivery[] }[];
}

/** By Berlin day (oldest first), then by producer. */
export function groupDeliveries(deliveries: readonly Delivery[]): DayGroup[] {
  const days = new Map<string, Map<string, Delivery[]>>();
  for (const delivery of [...deliveries].sort((a, b) => a.occurredAt.localeCompare(b.occurredAt))) {
    const day = isoDayInBerlin(delivery.occurredAt);
    const producers = days.get(day) ?? new Map<string, Delivery[]>();
    days.set(day, producers);
    producers.set(delivery.vendorId, [...(producers.get(delivery.vendorId) ?? []), delivery]);
  }
  return [...days.entries()].map(([day, producers]) => ({
    day,
    producers: [...producers.values()]
      .map((list) => ({
        vendorId: list[0]!.vendorId,
        vendorName: list[0]!.vendorName,
        deliveries: list,
      }))
      .sort((a, b) => a.vendorName.localeCompare(b.vendorName, 'de')),
  }));
}

/** The producers' deliveries to confirm: one tap each, or all of a day's. */
export function DeliveriesSection() {
  const deliveries = useUnconfirmedDeliveries();
  const confirm = useConfirmDeliveries();
  const groups = groupDeliveries(deliveries.data?.deliveries ?? []);
  return (
    <section aria-labelledby="deliveries" className="rounded-xl bg-white p-4">
      <h2 id="deliveries" className="text-xl font-bold">
        Lieferungen bestätigen
      </h2>
      <p className="mt-1 text-sm text-gray-800">
        Die Direktvermarkter tragen ihre Lieferungen selbst ein. Erst wenn ihr sie bestätigt, zählt
        die Ware für die Diebstahlerstattung (Premium-Modell).
      </p>
      <div aria-live="polite">
        {confirm.isSuccess && (
          <div className="mt-3">
            <Alert tone="success">
              <p>{confirm.data.message}</p>
            </Alert>
          </div>
        )}
        {confirm.isError && (
          <div className="mt-3">
            <Alert tone="error">
              <p>{adminErrorMessage(confirm.error, [])}</p>
            </Alert>
          </div>
        )}
      </div>
      {deliveries.isError && (
        <LoadError
          title="Die Lieferungen konnten nicht geladen werden."
          onRetry={() => void deliveries.refetch()}
        />
      )}
      {deliveries.isPending && <p className="mt-3">Die Lieferungen werden geladen …</p>}
      {deliveries.data && groups.length === 0 && (
        <p className="mt-3">Keine Lieferungen zu bestätigen.</p>
      )}
      {groups.map((group) => {
        const ids = group.producers.flatMap((p) => p.deliveries.map((d) => d.id));
        return (
          <div key={group.day} className="mt-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-lg font-semibold">{formatDate(group.day)}</h3>
              <Button
                variant="secondary"
                disabled={confirm.isPending}
                onClick={() => confirm.mutate(ids)}
              >
                Alle vom {formatDate(group.day)} bestätigen ({ids.length})
              </Button>
            </div>
            {group.producers.map((producer) => (
              <div key={producer.vendorId} className="mt-2">
                <h4 className="font-semibold">{producer.vendorName}</h4>
                <ul
                  aria-label={`Lieferungen von ${producer.vendorName} am ${formatDate(group.day)}`}
                >
                  {producer.deliveries.map((delivery) => (
                    <li
                      key={delivery.id}
                      className="flex flex-wrap items-center justify-between gap-2 border-t py-2"
                    >
                      <span>
                        {delivery.productName}: {quantityText(delivery.quantity, delivery.unit)}
                        {delivery.place === 'storeroom' ? ' ins Lager' : ' ins Regal'}
                        <span className="block text-sm text-gray-800">
                          {formatDateTime(delivery.occurredAt)}
                          {delivery.note ? ` · ${delivery.note}` : ''}
                        </span>
                      </span>
                      <Button
                        disabled={confirm.isPending}
                        aria-label={`Lieferung ${delivery.productName} (${quantityText(delivery.quantity, delivery.unit)}) bestätigen`}
                        onClick={() => confirm.mutate([delivery.id])}
                      >
                        Bestätigen
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        );
      })}
    </section>
  );
}
