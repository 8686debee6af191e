import { formatEuro } from '@housnkuh/shared/format';
import type { AdminProduct, VatChoice } from '@housnkuh/shared/schemas/products';
import { useState } from 'react';
import { Link } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { ConfirmBox } from '../../../components/admin/confirm-box';
import { FilterSelect, ListFilters, useListParams } from '../../../components/admin/list-params';
import { PagedList } from '../../../components/admin/paged-list';
import { ProductForm } from '../../../components/products/product-form';
import { Button } from '../../../components/ui/button';
import { adminErrorMessage } from '../../../lib/admin-api';
import { usePageMeta } from '../../../lib/page-meta';
import { useAdminProducts, useAdminUpdateProduct } from './api/products';

const percent = (rate: number) => `${String(rate).replace('.', ',')} %`;

function ProductRow({ product, vatRates }: { product: AdminProduct; vatRates: VatChoice[] }) {
  const update = useAdminUpdateProduct(product.id);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const content =
    product.inhalt !== null && product.inhaltEinheit
      ? ` · ${String(product.inhalt).replace('.', ',')} ${product.inhaltEinheit}`
      : '';
  return (
    <li className="p-4">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words">
            {product.name}
            {!product.isActive && (
              <span className="ml-2 rounded-full bg-gray-200 px-2 py-0.5 text-sm font-semibold text-gray-900">
                deaktiviert
              </span>
            )}
          </p>
          <p>
            {formatEuro(product.priceCents)} je {product.unit}
            {content}
            {product.basePrice &&
              ` · Grundpreis ${formatEuro(product.basePrice.cents)} je ${product.basePrice.per}`}
            {` · MwSt. ${percent(product.vatRate)}`}
            {product.deposit &&
              ` · Pfand ${formatEuro(product.deposit.cents)} (${product.deposit.ean})`}
          </p>
          <p className="text-sm text-gray-800">
            EAN <span className="font-mono">{product.ean}</span>
            {product.eanInStore ? ' (Ladennummer)' : ''} ·{' '}
            <Link
              to={`/admin/users/vendors/${product.vendorId}`}
              className="font-semibold text-coral-darker underline underline-offset-2"
            >
              {product.vendorUnternehmen ?? product.vendorName}
            </Link>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            aria-label={`${editing ? 'Schließen' : 'Korrigieren'}: ${product.name}`}
            onClick={() => setEditing((open) => !open)}
          >
            {editing ? 'Schließen' : 'Korrigieren'}
          </Button>
          {product.isActive ? (
            <Button
              variant="ghost"
              aria-label={`Deaktivieren: ${product.name}`}
              onClick={() => setConfirming(true)}
            >
              Deaktivieren
            </Button>
          ) : (
            <Button
              variant="ghost"
              aria-label={`Aktivieren: ${product.name}`}
              disabled={update.isPending}
              onClick={() =>
                update.mutate(
                  { isActive: true },
                  { onSuccess: (result) => setDone(result.message ?? null) },
                )
              }
            >
              Aktivieren
            </Button>
          )}
        </div>
      </div>
      {confirming && (
        <ConfirmBox
          confirmLabel="Ja, deaktivieren"
          busy={update.isPending}
          error={update.error}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            update.mutate(
              { isActive: false },
              {
                onSuccess: (result) => {
                  setConfirming(false);
                  setDone(result.message ?? null);
                },
              },
            )
          }
        >
          „{product.name}“ deaktivieren? Die Kasse bietet es dann nicht mehr an; die EAN bleibt dem
          Produkt. Das wird im Protokoll vermerkt.
        </ConfirmBox>
      )}
      {done && (
        <p role="status" className="mt-2 text-green-900">
          {done}
        </p>
      )}
      {editing && (
        <div className="mt-4">
          <ProductForm
            idPrefix={`admin-${product.id}`}
            product={product}
            vatRates={vatRates}
            submit={(body) => update.mutateAsync(body)}
            pending={update.isPending}
            errorMessage={(error) => adminErrorMessage(error)}
            onSaved={() => setEditing(false)}
            onCancel={() => setEditing(false)}
            submitLabel="Korrektur speichern"
          />
        </div>
      )}
    </li>
  );
}

/** /admin/products: every producer's products; search, correct, deactivate (Protokoll). */
export function AdminProductsPage() {
  usePageMeta('Produkte', 'Die Produkte aller Direktvermarkter.');
  const { filters, page, apply } = useListParams({
    search: 'suche',
    active: 'aktiv',
    vendorId: 'produzent',
  });
  const products = useAdminProducts({ ...filters, page });
  return (
    <>
      <AdminPageHeader
        title="Produkte"
        description="Die Produkte aller Direktvermarkter mit EAN. Korrekturen und Deaktivierungen stehen im Protokoll."
      />
      <ListFilters
        searchId="product-search"
        searchLabel="Suche (Produkt, EAN, Direktvermarkter)"
        search={filters.search}
        apply={apply}
      >
        <FilterSelect
          id="product-active"
          label="Status"
          value={filters.active}
          options={[
            ['', 'Alle'],
            ['true', 'Aktiv'],
            ['false', 'Deaktiviert'],
          ]}
          onChange={(active) => apply({ active })}
        />
      </ListFilters>
      {filters.vendorId && (
        <p className="mb-3">
          Nur die Produkte eines Direktvermarkters.{' '}
          <Button variant="ghost" onClick={() => apply({ vendorId: '' })}>
            Alle Direktvermarkter zeigen
          </Button>
        </p>
      )}
      <PagedList
        query={products}
        items={(data) => data.products}
        noun={['Produkt', 'Produkte']}
        onPage={(next) => apply({ page: next })}
      >
        {(data) => (
          <ul aria-label="Produkte" className="divide-y divide-gray-200 rounded-xl bg-white">
            {data.products.map((product) => (
              <ProductRow key={product.id} product={product} vatRates={data.vatRates} />
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}
