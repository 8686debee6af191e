import { formatDateTime, formatIsoDay } from '@housnkuh/shared/format';
import type { StockKind } from '@housnkuh/shared/inventory';
import type { VendorMovement } from '@housnkuh/shared/schemas/inventory';
import { Button } from '../../../../components/ui/button';
import { LoadError } from '../../../../components/ui/load-error';
import { useMovements } from '../api/inventory';
import { quantityText } from './stock';

/** '+12 Glas', '−0,352 kg' (a real minus sign), '9 Glas' for a count's level. */
export function signedQuantity(quantity: number, unit: string): string {
  const sign = quantity > 0 ? '+' : quantity < 0 ? '−' : '';
  return `${sign}${quantityText(Math.abs(quantity), unit)}`;
}

const WHO: Record<VendorMovement['recordedBy'], string> = {
  vendor: 'von dir',
  shop: 'vom Laden',
  till: 'von der Kasse',
};

/** What happened, with the place: 'Lieferung ins Regal', 'Verkäufe an der Kasse'. */
function whatText(movement: VendorMovement): string {
  const into = movement.place === 'storeroom' ? 'ins Lager' : 'ins Regal';
  const at = movement.place === 'storeroom' ? 'im Lager' : 'im Regal';
  const texts: Record<StockKind, string> = {
    delivery: `Lieferung ${into}`,
    refill: 'Aus dem Lager ins Regal nachgefüllt',
    sale: 'Verkauft an der Kasse',
    return: 'Zurückgegeben an der Kasse',
    spoilage: `Verderb ${at}`,
    withdrawal: `Entnahme ${at}`,
    count: `Inventur ${at}`,
  };
  return texts[movement.kind];
}

/** One line of the history as the producer reads it (figures first, then when and who). */
export function movementText(
  movement: VendorMovement,
  unit: string,
): {
  what: string;
  figure: string;
  meta: string;
} {
  const figure =
    movement.kind === 'count'
      ? `gezählt: ${quantityText(movement.quantity, unit)}`
      : signedQuantity(movement.quantity, unit);
  const when = movement.day ? formatIsoDay(movement.day) : formatDateTime(movement.occurredAt);
  const parts = [when, WHO[movement.recordedBy]];
  if (movement.day && movement.lines > 1) parts.push(`${movement.lines} Kassenzeilen`);
  if (movement.confirmed === false) parts.push('noch nicht vom Laden bestätigt');
  if (movement.confirmed === true && movement.recordedBy === 'vendor')
    parts.push('vom Laden bestätigt');
  return { what: whatText(movement), figure, meta: parts.join(' · ') };
}

/**
 * The movements of the chosen product, newest first: deliveries, withdrawals, spoilage, refills,
 * counts one by one, the till's sales summed per day; "Ältere anzeigen" loads the next ones.
 */
export function MovementHistory({
  productId,
  name,
  unit,
}: {
  productId: string;
  name: string;
  unit: string;
}) {
  const movements = useMovements(productId);
  const pages = movements.data?.pages ?? [];
  const list = pages.flatMap((page) => page.movements);
  const headingId = `movements-${productId}`;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="font-bold">
        Letzte Bewegungen
      </h3>
      {movements.isError && (
        <LoadError
          title="Die Bewegungen ließen sich nicht laden."
          onRetry={() => void movements.refetch()}
        />
      )}
      {movements.isPending && <p role="status">Wird geladen …</p>}
      {movements.isSuccess && list.length === 0 && <p>Noch keine Bewegungen.</p>}
      {list.length > 0 && (
        <ol aria-label={`Bewegungen: ${name}`} className="divide-y divide-gray-200">
          {list.map((movement) => {
            const text = movementText(movement, unit);
            return (
              <li key={movement.id} className="py-2">
                <p className="flex flex-wrap justify-between gap-x-3">
                  <span className="font-semibold">{text.what}</span>
                  <span className="font-semibold whitespace-nowrap">{text.figure}</span>
                </p>
                <p className="text-sm text-gray-800">{text.meta}</p>
                {movement.note && <p className="text-sm break-words">Notiz: {movement.note}</p>}
              </li>
            );
          })}
        </ol>
      )}
      {movements.hasNextPage && (
        <Button
          variant="secondary"
          disabled={movements.isFetchingNextPage}
          onClick={() => void movements.fetchNextPage()}
        >
          {movements.isFetchingNextPage ? 'Wird geladen …' : 'Ältere anzeigen'}
        </Button>
      )}
    </section>
  );
}
