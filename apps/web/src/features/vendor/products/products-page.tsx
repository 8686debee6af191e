import { formatEuro } from '@housnkuh/shared/format';
import {
  PRODUCT_SORT_LABELS,
  PRODUCT_SORTS,
  type Product,
  type VatChoice,
} from '@housnkuh/shared/schemas/products';
import { ClipboardCheck, Plus, Printer, ScanBarcode } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FilterSelect, ListFilters, useListParams } from '../../../components/admin/list-params';
import { Pager } from '../../../components/admin/pager';
import { ProductForm } from '../../../components/products/product-form';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { LoadError, QueryState } from '../../../components/ui/load-error';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteSettings } from '../../../lib/site-settings';
import { useOwnProfile, vendorErrorMessage } from '../../../lib/vendor-area/profile';
import {
  useCreateProduct,
  useProducts,
  useRefreshProducts,
  useUpdateProduct,
} from '../../../lib/vendor-area/products';
import { useStockModel } from './api/stock';
import { BackToDashboard } from '../../../components/vendor-area/back-to-dashboard';
import { BusinessForm } from '../../../components/vendor-area/business-form';
import { IbanNotice } from '../../../components/vendor-area/iban-notice';
import { BasicModelNote, RestockLevels, StockFigures, TrackStock } from './components/stock';

const percent = (rate: number) => `${String(rate).replace('.', ',')} %`;

/** 'je Glas · 500 g · Grundpreis 13,00 € je 1 kg · MwSt. 7 % · Pfand 0,15 € (PFAND-MEHRWEG)' */
function details(product: Product): string {
  const parts = [`je ${product.unit}`];
  if (product.inhalt !== null && product.inhaltEinheit) {
    parts.push(`${String(product.inhalt).replace('.', ',')} ${product.inhaltEinheit}`);
  }
  if (product.basePrice) {
    parts.push(`Grundpreis ${formatEuro(product.basePrice.cents)} je ${product.basePrice.per}`);
  }
  parts.push(`MwSt. ${percent(product.vatRate)}`);
  if (product.deposit)
    parts.push(`Pfand ${formatEuro(product.deposit.cents)} (${product.deposit.ean})`);
  return parts.join(' · ');
}

/** Before the first product: the tax status decides the VAT rates, so it is asked first. */
function TaxStatusFirst({ onSaved }: { onSaved: () => void }) {
  const profile = useOwnProfile();
  return (
    <div className="mt-6 space-y-4">
      <Alert tone="error" title="Zuerst deinen Steuerstatus angeben">
        <p>
          Welche Mehrwertsteuersätze du für deine Produkte wählen kannst, hängt davon ab, wie du
          Umsatzsteuer abrechnest. Bitte gib das in deinen Geschäftsdaten an – danach kannst du
          Produkte anlegen.
        </p>
      </Alert>
      {profile.data && <BusinessForm business={profile.data.business} onSaved={onSaved} />}
      {profile.isError && (
        <LoadError
          title="Deine Geschäftsdaten konnten nicht geladen werden."
          onRetry={() => void profile.refetch()}
        />
      )}
    </div>
  );
}

function NewProduct({ vatRates }: { vatRates: readonly VatChoice[] }) {
  const create = useCreateProduct();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<Product | null>(null);
  if (!open) {
    return (
      <div className="space-y-3">
        {created && (
          <Alert tone="success" title="Das Produkt ist angelegt.">
            <p>
              {created.name}: EAN <span className="font-mono">{created.ean}</span>
              {created.eanInStore ? ' (vom Laden vergeben)' : ''}
            </p>
          </Alert>
        )}
        <Button onClick={() => setOpen(true)}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Neues Produkt
        </Button>
      </div>
    );
  }
  return (
    <section aria-labelledby="new-product" className="rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id="new-product" className="mb-3 text-lg font-bold">
        Neues Produkt
      </h2>
      <ProductForm
        idPrefix="new-product"
        vatRates={vatRates}
        submit={(body) => create.mutateAsync(body)}
        pending={create.isPending}
        errorMessage={vendorErrorMessage}
        onSaved={(result) => {
          setCreated(result.product);
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
        submitLabel="Produkt anlegen"
      />
    </section>
  );
}

/** A price changed on this page: the labels in the shelf show the old one. */
interface PriceChange {
  id: string;
  name: string;
  fromCents: number;
  toCents: number;
}

/** The labels page with the changed products chosen (one label each). */
export const labelsOf = (ids: readonly string[]) =>
  `/vendor/products/etiketten?produkte=${ids.join(',')}`;

/** After saving: confirmed; a changed price asks to reprint the labels of the changed products. */
function SavedNotice({ saved, changes }: { saved: string | null; changes: PriceChange[] }) {
  if (!saved && changes.length === 0) return null;
  return (
    <Alert tone="success" title={saved ? `${saved} ist gespeichert.` : 'Gespeichert.'} focusOnShow>
      {changes.length > 0 && (
        <>
          <p>
            Neuer Preis:{' '}
            {changes
              .map(
                (change) =>
                  `${change.name} ${formatEuro(change.fromCents)} → ${formatEuro(change.toCents)}`,
              )
              .join(', ')}
            . Die Etiketten im Regal zeigen noch den alten Preis: Druck sie neu und tausch sie aus,
            damit Kasse und Regal übereinstimmen.
          </p>
          <p className="mt-2">
            <Link
              to={labelsOf(changes.map((change) => change.id))}
              className="font-semibold underline underline-offset-2"
            >
              {changes.length === 1
                ? 'Etikett des geänderten Produkts drucken'
                : `Etiketten der ${changes.length} geänderten Produkte drucken`}
            </Link>
          </p>
        </>
      )}
    </Alert>
  );
}

/** The product's stock (issue 33): per place, last delivery, sales since, restock levels. */
function ProductStock({ product, storage }: { product: Product; storage: boolean }) {
  const tracked = product.stock !== null && product.stock !== undefined;
  return (
    <section aria-label={`Bestand: ${product.name}`} className="mt-3 rounded-lg bg-gray-50 p-3">
      <h4 className="font-semibold">Bestand</h4>
      {tracked ? (
        <>
          <StockFigures product={product} storage={storage} />
          <RestockLevels product={product} storage={storage} />
        </>
      ) : (
        <TrackStock product={product} />
      )}
    </section>
  );
}

function ProductItem({
  product,
  vatRates,
  storage,
  onSaved,
}: {
  product: Product;
  vatRates: readonly VatChoice[];
  storage: boolean;
  onSaved: (before: Product, after: Product) => void;
}) {
  const update = useUpdateProduct(product.id);
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const toggle = () => {
    setNote(null);
    update.mutate(
      { isActive: !product.isActive },
      { onSuccess: (result) => setNote(result.message ?? null) },
    );
  };
  return (
    <li className="p-4">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words">
            {product.name}{' '}
            {!product.isActive && (
              <span className="ml-1 rounded-full bg-gray-200 px-2 py-0.5 text-sm font-semibold text-gray-900">
                deaktiviert
              </span>
            )}
          </h3>
          <p>
            <span className="font-semibold">{formatEuro(product.priceCents)}</span>{' '}
            {details(product)}
          </p>
          <p className="text-sm text-gray-800">
            EAN <span className="font-mono">{product.ean}</span>
            {product.eanInStore ? ' (vom Laden vergeben)' : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            aria-label={`${editing ? 'Schließen' : 'Bearbeiten'}: ${product.name}`}
            onClick={() => setEditing((open) => !open)}
          >
            {editing ? 'Schließen' : 'Bearbeiten'}
          </Button>
          <label className="flex items-center gap-2 font-semibold">
            <input
              type="checkbox"
              role="switch"
              className="h-5 w-5 accent-navy"
              aria-label={`Aktiv: ${product.name}`}
              checked={product.isActive}
              disabled={update.isPending}
              onChange={toggle}
            />
            Aktiv
          </label>
        </div>
      </div>
      <ProductStock product={product} storage={storage} />
      {note && (
        <p role="status" className="mt-2 text-green-900">
          {note}
        </p>
      )}
      {update.isError && !editing && (
        <Alert tone="error">
          <p>{vendorErrorMessage(update.error)}</p>
        </Alert>
      )}
      {editing && (
        <div className="mt-4">
          <ProductForm
            idPrefix={`edit-${product.id}`}
            product={product}
            vatRates={vatRates}
            submit={(body) => update.mutateAsync(body)}
            pending={update.isPending}
            errorMessage={vendorErrorMessage}
            onSaved={(result) => {
              setEditing(false);
              onSaved(product, result.product);
            }}
            onCancel={() => setEditing(false)}
            submitLabel="Änderungen speichern"
          />
        </div>
      )}
    </li>
  );
}

/** /vendor/products: the producer's articles with price, content, base price, VAT and EAN. */
export function ProductsPage() {
  const settings = useSiteSettings();
  usePageMeta('Produkte', `Deine Produkte bei ${settings.shopName}.`, settings.shopName);
  const { filters, page, apply } = useListParams({ search: 'suche', sort: 'sortierung' });
  const products = useProducts({ ...filters, page });
  const refresh = useRefreshProducts();
  const model = useStockModel();
  const data = products.data;
  const [saved, setSaved] = useState<string | null>(null);
  const [changes, setChanges] = useState<PriceChange[]>([]);
  const productSaved = (before: Product, after: Product) => {
    setSaved(after.name);
    if (before.priceCents === after.priceCents) return;
    setChanges((list) => {
      const earlier = list.find((change) => change.id === after.id);
      const rest = list.filter((change) => change.id !== after.id);
      const fromCents = earlier?.fromCents ?? before.priceCents;
      // back at the price the labels show: nothing to reprint for it
      return fromCents === after.priceCents
        ? rest
        : [...rest, { id: after.id, name: after.name, fromCents, toCents: after.priceCents }];
    });
  };
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <BackToDashboard />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold">Produkte</h1>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/vendor/products/bestand" variant="secondary">
            <ScanBarcode aria-hidden="true" className="h-4 w-4" />
            Bestand buchen
          </ButtonLink>
          <ButtonLink to="/vendor/products/inventuren" variant="secondary">
            <ClipboardCheck aria-hidden="true" className="h-4 w-4" />
            Inventuren
          </ButtonLink>
          <ButtonLink to="/vendor/products/etiketten" variant="secondary">
            <Printer aria-hidden="true" className="h-4 w-4" />
            Etiketten drucken
          </ButtonLink>
        </div>
      </div>
      <IbanNotice />
      {model?.basic && <BasicModelNote />}
      <p className="mt-2 max-w-3xl text-gray-800">
        Deine Artikel, wie die Kasse sie verkauft und die Etiketten sie zeigen: Preis, Inhalt mit
        Grundpreis, Mehrwertsteuer und EAN. Ein Produkt wird nie gelöscht – nimmst du es aus dem
        Sortiment, deaktiviere es; seine EAN bleibt ihm.
      </p>
      <QueryState query={products} error="Deine Produkte konnten nicht geladen werden." />
      {data && data.taxStatus === null && <TaxStatusFirst onSaved={refresh} />}
      {data && data.taxStatus !== null && (
        <div className="mt-6 space-y-4">
          <div aria-live="polite">
            <SavedNotice saved={saved} changes={changes} />
          </div>
          <NewProduct vatRates={data.vatRates} />
          <ListFilters
            searchId="product-search"
            searchLabel="Suche (Name oder EAN)"
            search={filters.search}
            apply={apply}
            className=""
          >
            <FilterSelect
              id="product-sort"
              label="Sortierung"
              value={filters.sort || 'name'}
              options={PRODUCT_SORTS.map((sort) => [sort, PRODUCT_SORT_LABELS[sort]] as const)}
              onChange={(sort) => apply({ sort })}
            />
          </ListFilters>
          <p aria-live="polite">
            {data.pagination.totalCount === 1
              ? '1 Produkt'
              : `${data.pagination.totalCount.toLocaleString('de-DE')} Produkte`}
          </p>
          {data.products.length === 0 ? (
            <p className="rounded-xl bg-white p-4">
              {filters.search
                ? 'Keine Produkte gefunden.'
                : 'Du hast noch keine Produkte angelegt.'}
            </p>
          ) : (
            <ul
              aria-label="Deine Produkte"
              className="divide-y divide-gray-200 rounded-xl bg-white"
            >
              {data.products.map((product) => (
                <ProductItem
                  key={product.id}
                  product={product}
                  vatRates={data.vatRates}
                  storage={model?.storage ?? false}
                  onSaved={productSaved}
                />
              ))}
            </ul>
          )}
          <Pager
            page={data.pagination.page}
            pageCount={data.pagination.totalPages}
            onPage={(next) => apply({ page: next })}
            label="Seiten der Produkte"
          />
        </div>
      )}
    </div>
  );
}
