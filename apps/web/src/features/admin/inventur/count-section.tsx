import { formatEuro } from '@housnkuh/shared/format';
import { STOCK_PLACE_LABELS, type StockPlace } from '@housnkuh/shared/inventory';
import type { Mietfach } from '@housnkuh/shared/schemas/admin-rental';
import type { CountLine, InventoryCountInput } from '@housnkuh/shared/schemas/inventory';
import type { AdminProduct } from '@housnkuh/shared/schemas/products';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FormCheckboxField } from '../../../components/form/choice-fields';
import { FormTextField } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { FormFailure } from '../../../components/form/form-failure';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm, type SchemaForm } from '../../../components/form/use-schema-form';
import { Button, SubmitButton } from '../../../components/ui/button';
import { adminErrorMessage } from '../../../lib/admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { useRecordCount, useTrackedProducts, useUnconfirmedDeliveries } from './api/inventory';
import { parseQuantity, quantityText } from '../../../lib/stock-quantities';

interface CountValues {
  counts: {
    productId: string;
    place: StockPlace;
    quantity: string;
    caused: boolean;
    causedByProducer: string;
  }[];
}

const validation = lazyZodResolver<CountValues, InventoryCountInput>(
  async () => (await import('@housnkuh/shared/schemas/inventory')).inventoryCountInputSchema,
  (values) => ({
    counts: values.counts.map((line) => ({
      productId: line.productId,
      place: line.place,
      quantity: parseQuantity(line.quantity),
      ...(line.caused ? { causedByProducer: line.causedByProducer } : {}),
    })),
  }),
);

export const CAUSED_LABEL = 'vom Direktvermarkter verursacht';
const NEEDS_REASON = 'Bitte gib an, warum der Fehlbestand vom Direktvermarkter verursacht ist.';

/** Why a line refunds what it refunds. */
export function refundReason(line: CountLine, unconfirmed: ReadonlySet<string>): string {
  if (line.causedByProducer)
    return `Keine Erstattung: vom Direktvermarkter verursacht (${line.causedByProducer}).`;
  if (line.shrinkage <= 0)
    return line.shrinkage < 0
      ? 'Mehr gefunden als erwartet: keine Erstattung.'
      : 'Kein Fehlbestand.';
  if (line.refundCents > 0) return 'Erstattung mit der Abrechnung des Monats (Premium-Modell).';
  if (unconfirmed.has(line.productId))
    return 'Keine Erstattung: Lieferungen sind noch nicht bestätigt; nur bestätigte Ware wird erstattet.';
  return 'Keine Erstattung: Basismodell (die Diebstahlerstattung gibt es nur im Premium-Modell).';
}

function CountResult({
  lines,
  products,
  unconfirmed,
}: {
  lines: readonly CountLine[];
  products: ReadonlyMap<string, AdminProduct>;
  unconfirmed: ReadonlySet<string>;
}) {
  const unitOf = (id: string) => products.get(id)?.unit ?? '';
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="text-left font-semibold">Ergebnis der Inventur</caption>
        <thead>
          <tr>
            <th scope="col">Produkt</th>
            <th scope="col">Erwartet</th>
            <th scope="col">Gezählt</th>
            <th scope="col">Differenz</th>
            <th scope="col">Erstattung</th>
            <th scope="col">Warum</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} className="border-t align-top">
              <th scope="row" className="py-1 pr-2 font-normal">
                {line.productName}
              </th>
              <td className="pr-2">{quantityText(line.expected, unitOf(line.productId))}</td>
              <td className="pr-2">{quantityText(line.counted, unitOf(line.productId))}</td>
              <td className="pr-2">{quantityText(-line.shrinkage, unitOf(line.productId))}</td>
              <td className="pr-2">{formatEuro(line.refundCents)}</td>
              <td>{refundReason(line, unconfirmed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CountLineFields({
  form,
  index,
  product,
  place,
}: {
  form: SchemaForm<CountValues, unknown, unknown, InventoryCountInput>['form'];
  index: number;
  product: AdminProduct;
  place: StockPlace;
}) {
  const caused = useWatch({ control: form.control, name: `counts.${index}.caused` });
  const measured = product.unit === 'kg' || product.unit === 'l';
  return (
    <li className="rounded-lg border border-gray-300 p-3">
      <p className="font-semibold">{product.name}</p>
      <p className="text-sm text-gray-800">
        {place === 'storeroom'
          ? `Erwartet im Lager: ${quantityText(product.storeRoomStock ?? 0, product.unit)}`
          : `Erwartet im Regal: ${quantityText(product.stock ?? 0, product.unit)}`}
      </p>
      <FormTextField
        form={form}
        name={`counts.${index}.quantity`}
        label={`Gezählt: ${product.name} (${product.unit})`}
        inputMode={measured ? 'decimal' : 'numeric'}
        autoComplete="off"
        hint={measured ? 'mit Komma, z. B. 0,352' : 'ganze Stück'}
        className="mt-2 max-w-xs"
      />
      <FormCheckboxField form={form} name={`counts.${index}.caused`} label={CAUSED_LABEL} />
      {caused && (
        <FormTextField
          form={form}
          name={`counts.${index}.causedByProducer`}
          label={`Grund: ${product.name}`}
          hint="Der Fehlbestand wird nicht erstattet; die Abrechnung nennt den Grund."
          className="max-w-md"
        />
      )}
    </li>
  );
}

/** The count of one unit's goods at a place: a number per tracked product, then each line's figures. */
function CountForm({
  unit,
  products,
  place,
}: {
  unit: Mietfach;
  products: readonly AdminProduct[];
  place: StockPlace;
}) {
  const record = useRecordCount();
  const deliveries = useUnconfirmedDeliveries();
  const [result, setResult] = useState<CountLine[] | null>(null);
  const [unconfirmed, setUnconfirmed] = useState<ReadonlySet<string>>(new Set());
  const schemaForm = useSchemaForm<CountValues, unknown, unknown, InventoryCountInput>({
    validation,
    defaultValues: {
      counts: products.map((product) => ({
        productId: product.id,
        place,
        quantity: '',
        caused: false,
        causedByProducer: '',
      })),
    },
    submit: async (body) => {
      const raw = schemaForm.form.getValues().counts;
      const missing = raw.flatMap((line, index) =>
        line.caused && !line.causedByProducer.trim()
          ? [{ field: `counts.${index}.causedByProducer`, message: NEEDS_REASON }]
          : [],
      );
      if (missing.length > 0) throw new FormFailure(NEEDS_REASON, { fieldErrors: missing });
      // which products still have unconfirmed deliveries: the reason a line refunds nothing
      setUnconfirmed(new Set((deliveries.data?.deliveries ?? []).map((d) => d.productId)));
      const answer = await record.mutateAsync(body);
      setResult(answer.count.lines);
      return answer;
    },
    errorMessage: adminErrorMessage,
  });
  const { form, outcome, busy, formProps } = schemaForm;
  const byId = new Map(products.map((product) => [product.id, product]));
  if (result)
    return (
      <div>
        <SubmitOutcome outcome={outcome} />
        <p className="mt-2">
          {unit.name}, gezählt {place === 'storeroom' ? 'im Lager' : 'im Regal'}.
        </p>
        <CountResult lines={result} products={byId} unconfirmed={unconfirmed} />
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => {
            setResult(null);
            form.reset();
            schemaForm.clearOutcome();
          }}
        >
          Noch einmal zählen
        </Button>
      </div>
    );
  return (
    <Form
      formProps={formProps}
      aria-label={`Inventur ${unit.name} (${STOCK_PLACE_LABELS[place]})`}
      className="space-y-3"
    >
      <ul className="space-y-3">
        {products.map((product, index) => (
          <CountLineFields
            key={product.id}
            form={form}
            index={index}
            product={product}
            place={place}
          />
        ))}
      </ul>
      <SubmitOutcome outcome={outcome} />
      <SubmitButton busy={busy} busyLabel="Wird eingetragen …">
        Inventur eintragen
      </SubmitButton>
    </Form>
  );
}

/**
 * Counting unit by unit: choose a unit and the place (the shelf, or the store room the storage
 * service keeps), its producer's tracked products, the numbers found.
 */
export function CountSection({ units }: { units: readonly Mietfach[] }) {
  const [unitId, setUnitId] = useState('');
  const [place, setPlace] = useState<StockPlace>('shelf');
  const unit = units.find((u) => u.id === unitId) ?? null;
  const [query] = useTrackedProducts(unit?.holder ? [unit.holder.vendorId] : []);
  return (
    <section aria-labelledby="count" className="rounded-xl bg-white p-4">
      <h2 id="count" className="text-xl font-bold">
        Inventur (Mietfach für Mietfach)
      </h2>
      <p className="mt-1 text-sm text-gray-800">
        In einem Mietfach stehen die Produkte des Direktvermarkters, der es heute gemietet hat.
        Gezählt wird die Ware im Regal oder, beim Lagerservice, im Lager.
      </p>
      <label htmlFor="count-unit" className="mt-3 block text-sm font-semibold">
        Mietfach
      </label>
      <select
        id="count-unit"
        className="mt-1 w-full max-w-md rounded-lg border border-gray-400 bg-white px-3 py-2.5"
        value={unitId}
        onChange={(event) => setUnitId(event.target.value)}
      >
        <option value="">Bitte wählen</option>
        {units.map((u) => (
          <option key={u.id} value={u.id}>
            {u.name}
            {u.holder ? ` – ${u.holder.vendorName}` : ''}
          </option>
        ))}
      </select>
      <fieldset className="mt-3">
        <legend className="text-sm font-semibold">Gezählt wird</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {(['shelf', 'storeroom'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name="count-place"
                value={value}
                checked={place === value}
                onChange={() => setPlace(value)}
                className="h-5 w-5"
              />
              {value === 'shelf' ? 'im Regal' : 'im Lager'}
            </label>
          ))}
        </div>
      </fieldset>
      {unit && query?.isPending && <p className="mt-3">Die Produkte werden geladen …</p>}
      {unit && query?.isError && (
        <p className="mt-3" role="alert">
          Die Produkte konnten nicht geladen werden.
        </p>
      )}
      {unit && query?.data && query.data.length === 0 && (
        <p className="mt-3">
          {unit.holder?.vendorName} hat keine Produkte mit Bestandsführung: Es gibt hier nichts zu
          zählen.
        </p>
      )}
      {unit && query?.data && query.data.length > 0 && (
        <div className="mt-3">
          <CountForm key={`${unit.id}:${place}`} unit={unit} products={query.data} place={place} />
        </div>
      )}
    </section>
  );
}
