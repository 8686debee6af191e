import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { LoadError } from '../../../components/ui/load-error';
import { usePageMeta } from '../../../lib/page-meta';
import { useOccupiedUnits } from './api/inventory';
import { CountSection } from './count-section';
import { DeliveriesSection } from './deliveries-section';
import { HistorySection } from './history-section';
import { StockSection } from './stock-section';

/**
 * Inventur (issue 33; docs/decisions/0059-inventory-and-theft-refund.md): the producers'
 * deliveries to confirm, the count unit by unit (shelf or store room) with each line's refund,
 * the counts so far with their corrections, and the units whose goods run low. A unit's goods
 * are the tracked products of the producer holding it today.
 */
export function AdminInventurPage() {
  usePageMeta(
    'Inventur',
    'Lieferungen bestätigen, Mietfächer zählen, Zählungen korrigieren, Bestand je Mietfach.',
  );
  const units = useOccupiedUnits();
  const list = (units.data?.mietfaecher ?? []).filter((unit) => unit.isActive && unit.holder);
  return (
    <div>
      <AdminPageHeader
        title="Inventur"
        description="Lieferungen bestätigen, Mietfächer zählen und sehen, wo die Ware knapp wird. Die Diebstahlerstattung gibt es nur im Premium-Modell und nur für bestätigte Ware."
      />
      <div className="space-y-6">
        <DeliveriesSection />
        {units.isError && (
          <LoadError
            title="Die Mietfächer konnten nicht geladen werden."
            onRetry={() => void units.refetch()}
          />
        )}
        {units.isPending && <p>Die Mietfächer werden geladen …</p>}
        {units.data && <CountSection units={list} />}
        <HistorySection />
        {units.data && <StockSection units={list} />}
      </div>
    </div>
  );
}
