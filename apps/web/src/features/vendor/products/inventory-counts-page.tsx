import { useState } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { BackToDashboard } from '../../../components/vendor-area/back-to-dashboard';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteSettings } from '../../../lib/site-settings';
import { useVendorCounts } from './api/inventory';
import { useStockModel } from './api/stock';
import { CountCard } from './components/counts';
import { BasicModelNote } from './components/stock';

/** The Premium-Modell's theft refund, as the producer in it reads it. */
function PremiumNote() {
  return (
    <aside
      aria-label="Diebstahlschutz im Premium-Modell"
      className="mt-4 rounded-xl border border-green-300 bg-green-50 p-4 text-gray-900"
    >
      <p className="font-semibold">Du bist im Premium-Modell.</p>
      <p className="mt-1">
        Fehlt bei einer Inventur Ware, die im Bestand erfasst und vom Laden bestätigt war, erstattet
        dir der Laden sie mit der Monatsabrechnung des Inventurmonats: Menge × Preis, abzüglich 7 %
        Provision und der Umsatzsteuer darauf (Diebstahlschutz, AGB § 8 Abs. 3). Nicht erstattet
        wird, was du selbst verursacht hast.
      </p>
    </aside>
  );
}

/**
 * /vendor/products/inventuren: the shop's counts of the producer's goods, newest first, with the
 * shrinkage per product and place and the theft refund (Premium) or why there is none.
 */
export function InventoryCountsPage() {
  const settings = useSiteSettings();
  usePageMeta('Inventuren', 'Was der Laden gezählt hat und was fehlte.', settings.shopName);
  const model = useStockModel();
  const [page, setPage] = useState(1);
  const counts = useVendorCounts(page);
  const data = counts.data;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <BackToDashboard />
      <h1 className="text-3xl font-extrabold break-words">Inventuren</h1>
      <p className="mt-2 text-gray-800">
        Bei einer Inventur zählt der Laden deine Ware. Erwartet ist, was laut Bestand da sein
        sollte: die letzte Zählung und alles, was seitdem geliefert, verkauft, entnommen oder als
        Verderb gebucht wurde. Fehlt etwas, ist das Fehlbestand.
      </p>
      {model?.basic && <BasicModelNote />}
      {model?.premium && <PremiumNote />}
      <div className="mt-6 space-y-4">
        {counts.isError && (
          <LoadError
            title="Die Inventuren ließen sich nicht laden."
            onRetry={() => void counts.refetch()}
          />
        )}
        {counts.isPending && <p role="status">Wird geladen …</p>}
        {data && data.counts.length === 0 && (
          <p>Der Laden hat noch keine Inventur mit deinen Produkten eingetragen.</p>
        )}
        {data?.counts.map((count) => (
          <CountCard key={count.id} count={count} />
        ))}
      </div>
      {data && data.pagination.totalPages > 1 && (
        <nav aria-label="Seiten der Inventuren" className="mt-4 flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            disabled={page <= 1 || counts.isFetching}
            onClick={() => setPage(page - 1)}
          >
            Neuere
          </Button>
          <span>
            Seite {data.pagination.page} von {data.pagination.totalPages}
          </span>
          <Button
            variant="secondary"
            disabled={page >= data.pagination.totalPages || counts.isFetching}
            onClick={() => setPage(page + 1)}
          >
            Ältere
          </Button>
        </nav>
      )}
      <p className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to="/vendor/products/bestand" variant="secondary">
          Bestand buchen
        </ButtonLink>
        <ButtonLink to="/vendor/products" variant="secondary">
          Zu den Produkten
        </ButtonLink>
      </p>
    </div>
  );
}
