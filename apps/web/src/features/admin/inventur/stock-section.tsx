import {
  ADMIN_STOCK_KINDS,
  STOCK_KIND_LABELS,
  STOCK_PLACE_LABELS,
} from '@housnkuh/shared/inventory';
import type { Mietfach } from '@housnkuh/shared/schemas/admin-rental';
import type { AdminStockInput } from '@housnkuh/shared/schemas/inventory';
import type { AdminProduct } from '@housnkuh/shared/schemas/products';
import { useState } from 'react';
import { FormTextField } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { FormSelectField } from '../../../components/form/select-field';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button, SubmitButton } from '../../../components/ui/button';
import { adminErrorMessage } from '../../../lib/admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { useRecordStock, useTrackedProducts } from './api/inventory';
import { parseQuantity, quantityText } from '../../../lib/stock-quantities';

interface StockValues {
  kind: string;
  quantity: string;
  place: string;
}

const validation = lazyZodResolver<StockValues, AdminStockInput>(
  async () => (await import('@housnkuh/shared/schemas/inventory')).adminStockInputSchema,
  (values) => ({
    kind: values.kind,
    quantity: parseQuantity(values.quantity),
    // a refill goes from the store room onto the shelf; spoilage and a delivery name the place
    place: values.kind === 'refill' ? 'shelf' : values.place,
  }),
);

/** Empty or nearly: the shelf at or below its restock level (none set: empty). */
export function isLow(product: AdminProduct): boolean {
  const stock = product.stock ?? 0;
  return stock <= (product.restockLevel ?? 0);
}

/**
 * The store room holds the goods of producers with the storage service (docs/decisions/0080):
 * only for them, or while goods of an earlier one are still there (spoilage, refill).
 */
function usesStoreRoom(product: AdminProduct, storageService: boolean): boolean {
  return storageService || (product.storeRoomStock ?? 0) > 0;
}

/** The shop's own delivery, refill from the store room, or spoilage of one product. */
export function StockForm({
  product,
  storageService,
  onDone,
}: {
  product: AdminProduct;
  /** The producer has the storage service today: the store room takes its deliveries. */
  storageService: boolean;
  onDone: () => void;
}) {
  const places = usesStoreRoom(product, storageService)
    ? (['shelf', 'storeroom'] as const)
    : (['shelf'] as const);
  const record = useRecordStock(product.id);
  const { form, outcome, busy, formProps } = useSchemaForm<
    StockValues,
    unknown,
    unknown,
    AdminStockInput
  >({
    validation,
    defaultValues: { kind: 'delivery', quantity: '', place: 'shelf' },
    submit: (body) => record.mutateAsync(body),
    errorMessage: adminErrorMessage,
    resetOnSuccess: true,
  });
  return (
    <Form
      formProps={formProps}
      aria-label={`Bestand eintragen: ${product.name}`}
      className="mt-2 space-y-2 rounded-lg border border-gray-300 p-3"
    >
      <FormSelectField
        form={form}
        name="kind"
        label="Was"
        options={ADMIN_STOCK_KINDS.map((kind) => ({ value: kind, label: STOCK_KIND_LABELS[kind] }))}
      />
      <FormTextField
        form={form}
        name="quantity"
        label={`Menge (${product.unit})`}
        inputMode={product.unit === 'kg' || product.unit === 'l' ? 'decimal' : 'numeric'}
        autoComplete="off"
      />
      <FormSelectField
        form={form}
        name="place"
        label="Ort (Lieferung und Verderb)"
        hint={
          storageService
            ? undefined
            : 'Ins Lager liefert nur, wer den Lagerservice gebucht hat – dieser Direktvermarkter hat ihn nicht.'
        }
        options={places.map((place) => ({
          value: place,
          label: STOCK_PLACE_LABELS[place],
        }))}
      />
      <SubmitOutcome outcome={outcome} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={busy} busyLabel="Wird eingetragen …">
          Eintragen
        </SubmitButton>
        <Button variant="secondary" onClick={onDone}>
          Schließen
        </Button>
      </div>
    </Form>
  );
}

function UnitStock({ unit, products }: { unit: Mietfach; products: readonly AdminProduct[] }) {
  const [open, setOpen] = useState<string | null>(null);
  const storageService = unit.holder?.storageService ?? false;
  return (
    <li className="border-t py-3">
      <h3 className="font-semibold">
        {unit.name}
        {unit.holder ? ` – ${unit.holder.vendorName}` : ''}
      </h3>
      <ul aria-label={`Fast leer in ${unit.name}`}>
        {products.map((product) => (
          <li key={product.id} className="py-1">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {product.name}: {quantityText(product.stock ?? 0, product.unit)} im Regal
                {product.restockLevel != null &&
                  ` (Meldebestand ${quantityText(product.restockLevel, product.unit)})`}
                {product.storeRoomStock != null &&
                  usesStoreRoom(product, storageService) &&
                  `, ${quantityText(product.storeRoomStock, product.unit)} im Lager`}
              </span>
              <Button
                variant="secondary"
                aria-expanded={open === product.id}
                aria-label={`Bestand eintragen: ${product.name}`}
                onClick={() => setOpen(open === product.id ? null : product.id)}
              >
                Bestand eintragen
              </Button>
            </div>
            {open === product.id && (
              <StockForm
                product={product}
                storageService={storageService}
                onDone={() => setOpen(null)}
              />
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The units whose goods are empty or nearly, per unit (where a customer looks). */
export function StockSection({ units }: { units: readonly Mietfach[] }) {
  const held = units.filter((unit) => unit.holder);
  const vendorIds = [...new Set(held.map((unit) => unit.holder!.vendorId))];
  const queries = useTrackedProducts(vendorIds);
  const productsOf = new Map(vendorIds.map((id, index) => [id, queries[index]?.data]));
  const loading = queries.some((query) => query.isPending);
  const low = held
    .map((unit) => ({
      unit,
      products: (productsOf.get(unit.holder!.vendorId) ?? []).filter(isLow),
    }))
    .filter((entry) => entry.products.length > 0);
  return (
    <section aria-labelledby="stock" className="rounded-xl bg-white p-4">
      <h2 id="stock" className="text-xl font-bold">
        Bestand je Mietfach
      </h2>
      <p className="mt-1 text-sm text-gray-800">
        Die Mietfächer, deren Ware leer oder fast leer ist (höchstens der Meldebestand). Hier tragt
        ihr auch eigene Lieferungen, das Nachfüllen aus dem Lager und Verderb ein.
      </p>
      {loading && <p className="mt-3">Der Bestand wird geladen …</p>}
      {!loading && low.length === 0 && (
        <p className="mt-3">Kein Mietfach ist leer oder fast leer.</p>
      )}
      <ul aria-label="Mietfächer mit wenig Ware">
        {low.map((entry) => (
          <UnitStock key={entry.unit.id} unit={entry.unit} products={entry.products} />
        ))}
      </ul>
    </section>
  );
}
