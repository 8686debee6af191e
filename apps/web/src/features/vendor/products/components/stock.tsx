import { formatDateTime } from '@housnkuh/shared/format';
import { formatQuantity } from '@housnkuh/shared/quantity';
import type { Product } from '@housnkuh/shared/schemas/products';
import { Link } from 'react-router';
import { FormTextField } from '../../../../components/form/field';
import { Form } from '../../../../components/form/form';
import { SubmitOutcome } from '../../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../../components/form/use-schema-form';
import { Button } from '../../../../components/ui/button';
import { lazyZodResolver } from '../../../../lib/lazy-resolver';
import { vendorErrorMessage } from '../../../../lib/vendor-area/profile';
import { useUpdateProduct } from '../../../../lib/vendor-area/products';

/** A quantity of the API in the product's unit as people read it: '10 Glas', '2,148 kg'. */
export function quantityText(quantity: number, unit: string): string {
  return formatQuantity(Math.round(quantity * 1000), unit);
}

/**
 * A number typed in the unit ('12', '0,352', '1.5'), or NaN when it is none (the schema then
 * says what it wants).
 */
export function parseQuantity(text: string): number {
  const value = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
}

/** The Basismodell's difference, on the stock pages (docs/product/inventory.md, AGB § 8 Abs. 3). */
export function BasicModelNote() {
  return (
    <aside
      aria-label="Bestand im Basismodell"
      className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-gray-900"
    >
      <p className="font-semibold">Du bist im Basismodell.</p>
      <p className="mt-1">
        Den Bestand kannst du trotzdem führen: Er hilft dir beim Nachliefern. Fehlt bei einer
        Inventur Ware, siehst du den Fehlbestand – erstattet wird er im Basismodell nicht. Im
        Premium-Modell erstattet dir der Laden fehlende Ware, die im Bestand erfasst und vom Laden
        bestätigt war, mit der Monatsabrechnung (Diebstahlschutz, AGB § 8 Abs. 3).
      </p>
      <p className="mt-2">
        <Link to="/vendor/upgrade" className="font-semibold underline underline-offset-2">
          Zum Premium-Modell wechseln
        </Link>
      </p>
    </aside>
  );
}

/** The stock of a tracked product per place, its last delivery and the sales since. */
export function StockFigures({ product, storage }: { product: Product; storage: boolean }) {
  if (product.stock === null || product.stock === undefined) return null;
  const showStoreRoom = storage || (product.storeRoomStock ?? 0) !== 0;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
      <dt className="font-semibold">Im Regal</dt>
      <dd>{quantityText(product.stock, product.unit)}</dd>
      {showStoreRoom && (
        <>
          <dt className="font-semibold">Im Lager</dt>
          <dd>{quantityText(product.storeRoomStock ?? 0, product.unit)}</dd>
        </>
      )}
      <dt className="font-semibold">Letzte Lieferung</dt>
      <dd>
        {product.lastDeliveryAt
          ? `${formatDateTime(product.lastDeliveryAt)}, seitdem verkauft: ${quantityText(
              product.soldSinceLastDelivery ?? 0,
              product.unit,
            )}`
          : 'noch keine'}
      </dd>
    </dl>
  );
}

interface LevelValues {
  restockLevel: string;
  storeRoomRestockLevel: string;
}

const level = (text: string) => (text.trim() === '' ? null : parseQuantity(text));
const levelValidation = lazyZodResolver<LevelValues, unknown>(
  () => import('@housnkuh/shared/schemas/products').then((module) => module.productUpdateSchema),
  (values) => ({
    restockLevel: level(values.restockLevel),
    ...(values.storeRoomRestockLevel === undefined
      ? {}
      : { storeRoomRestockLevel: level(values.storeRoomRestockLevel) }),
  }),
);
const levelText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value).replace('.', ',');

/** The restock levels per place (empty: no notice), editable. */
export function RestockLevels({ product, storage }: { product: Product; storage: boolean }) {
  const update = useUpdateProduct(product.id);
  const showStoreRoom = storage || product.storeRoomRestockLevel != null;
  const { form, outcome, busy, formProps } = useSchemaForm<LevelValues, unknown, unknown, unknown>({
    validation: levelValidation,
    defaultValues: {
      restockLevel: levelText(product.restockLevel),
      ...(showStoreRoom ? { storeRoomRestockLevel: levelText(product.storeRoomRestockLevel) } : {}),
    },
    submit: (body) => update.mutateAsync(body),
    pending: update.isPending,
    errorMessage: vendorErrorMessage,
    successMessage: () => 'Die Meldebestände sind gespeichert.',
  });
  return (
    <Form
      formProps={formProps}
      aria-label={`Meldebestand: ${product.name}`}
      className="mt-3 space-y-3"
    >
      <p className="text-sm text-gray-800">
        Fällt der Bestand auf den Meldebestand, bekommst du eine Nachricht. Leer: keine.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <FormTextField
          form={form}
          name="restockLevel"
          id={`restock-${product.id}`}
          label={`Meldebestand Regal (${product.unit})`}
          inputMode="decimal"
          className="w-44"
        />
        {showStoreRoom && (
          <FormTextField
            form={form}
            name="storeRoomRestockLevel"
            id={`restock-storeroom-${product.id}`}
            label={`Meldebestand Lager (${product.unit})`}
            inputMode="decimal"
            className="w-44"
          />
        )}
        <Button type="submit" variant="secondary" disabled={busy}>
          Meldebestand speichern
        </Button>
      </div>
      <SubmitOutcome outcome={outcome} successTitle="Gespeichert" errorTitle="Nicht gespeichert" />
    </Form>
  );
}

/** An untracked product: "Bestand führen" switches its inventory on. */
export function TrackStock({ product }: { product: Product }) {
  const update = useUpdateProduct(product.id);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p>Der Bestand wird nicht geführt.</p>
      <Button
        variant="secondary"
        aria-label={`Bestand führen: ${product.name}`}
        disabled={update.isPending}
        onClick={() => update.mutate({ stockTracked: true })}
      >
        Bestand führen
      </Button>
      {update.isError && (
        <p role="alert" className="text-red-800">
          {vendorErrorMessage(update.error)}
        </p>
      )}
    </div>
  );
}
