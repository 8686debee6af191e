// Umsätze (/admin/revenue): the month chosen once, then one section per step of the month end
// as docs/product/money.md tells it: settle, reconcile, open items, exports, the months' revenue.
import { useSearchParams } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { usePageMeta } from '../../../lib/page-meta';
import { ReconcileSection } from './books-sections';
import { lastFullMonth, MonthChoice } from './revenue-shared';
import { SettlementSection } from './settlement-section';
import { OpenItemsSection } from './open-items-section';
import { ExportsSection } from './exports-section';
import { RevenueSection } from './revenue-section';

export function AdminRevenuePage() {
  usePageMeta('Umsätze', 'Monatsabrechnung, Auszahlungen, offene Posten und Exporte.');
  const [params, setParams] = useSearchParams();
  const asked = params.get('monat') ?? '';
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : lastFullMonth();
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Umsätze"
        description="Die Monatsabrechnung mit jedem Direktvermarkter, Auszahlungen, offene Posten, die Exporte für die Steuerberatung und die Umsätze je Monat."
      />
      <MonthChoice month={month} onChange={(next) => setParams({ monat: next })} />
      {/* keyed by month: no result of another month ("28 Belege ausgestellt") stays up */}
      <SettlementSection key={month} month={month} />
      <ReconcileSection month={month} />
      <OpenItemsSection />
      <ExportsSection />
      <RevenueSection />
    </div>
  );
}
