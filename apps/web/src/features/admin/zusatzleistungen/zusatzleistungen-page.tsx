import {
  firstOfNextMonth,
  formatDateTime,
  formatIsoDay,
  isoDayInBerlin,
} from '@housnkuh/shared/format';
import type { AdminContract } from '@housnkuh/shared/schemas/admin-rental';
import type { AdminStockInput } from '@housnkuh/shared/schemas/inventory';
import type { AdminProduct } from '@housnkuh/shared/schemas/products';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { FormCheckboxField } from '../../../components/form/choice-fields';
import { FormTextField } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { FormFailure } from '../../../components/form/form-failure';
import { FromDayForm } from '../../../components/form/from-day-form';
import { FormSelectField } from '../../../components/form/select-field';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm, type SchemaForm } from '../../../components/form/use-schema-form';
import { SubmitButton } from '../../../components/ui/button';
import { LabelledSelect } from '../../../components/ui/labelled-select';
import { LoadError, QueryState } from '../../../components/ui/load-error';
import { adminErrorMessage } from '../../../lib/admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { usePageMeta } from '../../../lib/page-meta';
import { parseQuantity, quantityText } from '../../../lib/stock-quantities';
import {
  useStoreRoomDelivery,
  useSwitchServices,
  useVendorProducts,
  useZusatzleistungen,
  type ServicesChange,
} from './api/zusatzleistungen';

const rental = () => import('@housnkuh/shared/schemas/admin-rental');

/** A switch of services is a contract change: checked by the change's schema. */
const switchValidation = lazyZodResolver<ServicesChange>(
  async () => (await rental()).contractChangeSchema,
);

const serviceText = (services: { lagerservice: boolean; versandservice: boolean }) =>
  [services.lagerservice && 'Lagerservice', services.versandservice && 'Versandservice']
    .filter(Boolean)
    .join(', ') || 'keine';

/** Switching the services from a day on (a Premium contract's). */
function ServicesForm({ contract }: { contract: AdminContract }) {
  const save = useSwitchServices(contract.id);
  const first = firstOfNextMonth(isoDayInBerlin());
  const schemaForm = useSchemaForm({
    validation: switchValidation,
    defaultValues: {
      zusatzleistungen: (contract.nextChange ?? contract).zusatzleistungen,
      validFrom: contract.startDate > first ? contract.startDate : first,
      reason: '',
    },
    submit: (values: ServicesChange) => save.mutateAsync(values),
    errorMessage: adminErrorMessage,
  });
  const { form } = schemaForm;
  return (
    <FromDayForm
      schemaForm={schemaForm}
      className="mt-3"
      lead={
        <div className="flex flex-wrap gap-x-6">
          <FormCheckboxField
            form={form}
            name="zusatzleistungen.lagerservice"
            label="Lagerservice"
          />
          <FormCheckboxField
            form={form}
            name="zusatzleistungen.versandservice"
            label="Versandservice"
          />
        </div>
      }
      day={{ name: 'validFrom', label: 'Ab' }}
      text={{ name: 'reason', label: 'Grund', max: 500 }}
      variant="secondary"
      submitLabel="Speichern"
    />
  );
}

/** One contract: its services today, a planned change, and switching them from a day on. */
function ContractServices({ contract }: { contract: AdminContract }) {
  const planned = contract.nextChange;
  const premium = (planned?.provisionType ?? contract.provisionType) === 'premium';
  const name = contract.vendor.unternehmen || contract.vendor.name;
  const id = `services-${contract.id}`;
  return (
    <li>
      <article aria-labelledby={id} className="rounded-xl bg-white p-4 shadow-sm">
        <h3 id={id} className="font-bold">
          <Link to={`/admin/vertraege/${contract.id}`} className="underline underline-offset-2">
            {contract.number} · {name}
          </Link>
        </h3>
        <p className="text-sm text-gray-800">
          {contract.provisionType === 'premium' ? 'Premium-Modell' : 'Basismodell'} ·{' '}
          {contract.statusLabel}
        </p>
        <p className="mt-1">Heute: {serviceText(contract.zusatzleistungen)}</p>
        {planned && (
          <p className="font-semibold">
            Ab {formatIsoDay(planned.validFrom)}: {serviceText(planned.zusatzleistungen)}
          </p>
        )}
        {premium ? (
          <ServicesForm contract={contract} />
        ) : (
          <p className="mt-2 text-sm text-gray-800">
            Zusatzleistungen gibt es nur im Premium-Modell.
          </p>
        )}
      </article>
    </li>
  );
}

interface GoodsInValues {
  productId: string;
  quantity: string;
  note: string;
}

const goodsInValidation = lazyZodResolver<GoodsInValues, AdminStockInput>(
  async () => (await import('@housnkuh/shared/schemas/inventory')).adminStockInputSchema,
  // the storage service's goods-in is the shop's delivery into the store room
  (values) => ({
    kind: 'delivery',
    place: 'storeroom',
    quantity: parseQuantity(values.quantity),
    note: values.note,
  }),
);

const CHOOSE_PRODUCT = 'Bitte wähle ein Produkt.';

/** A goods-in of one producer: one of its products and the number, into the store room. */
function GoodsInForm({ products }: { products: readonly AdminProduct[] }) {
  const record = useStoreRoomDelivery();
  const schemaForm: SchemaForm<GoodsInValues, unknown, unknown, AdminStockInput> = useSchemaForm<
    GoodsInValues,
    unknown,
    unknown,
    AdminStockInput
  >({
    validation: goodsInValidation,
    defaultValues: { productId: '', quantity: '', note: '' },
    submit: async (body) => {
      const productId = schemaForm.form.getValues('productId');
      if (!productId)
        throw new FormFailure(CHOOSE_PRODUCT, {
          fieldErrors: [{ field: 'productId', message: CHOOSE_PRODUCT }],
        });
      return record.mutateAsync({ productId, input: body });
    },
    errorMessage: adminErrorMessage,
    successMessage: (result) => {
      const { product } = result as { product: AdminProduct };
      return `${product.name}: eingetragen, im Lager jetzt ${quantityText(product.storeRoomStock ?? 0, product.unit)}.`;
    },
    onSuccess: (): void => schemaForm.form.setValue('quantity', ''),
  });
  const { form, outcome, busy, formProps } = schemaForm;
  const productId = useWatch({ control: form.control, name: 'productId' });
  const chosen = products.find((product) => product.id === productId);
  return (
    <Form
      formProps={formProps}
      className="grid gap-3 md:grid-cols-2"
      aria-label="Neuer Wareneingang"
    >
      <FormSelectField
        form={form}
        name="productId"
        label="Produkt"
        options={[
          { value: '', label: 'Bitte wählen' },
          ...products.map((product) => ({ value: product.id, label: product.name })),
        ]}
      />
      <FormTextField
        form={form}
        name="quantity"
        label={chosen ? `Menge (${chosen.unit})` : 'Menge'}
        inputMode="decimal"
        autoComplete="off"
        hint="ganze Stück, kg und l mit Komma"
      />
      <FormTextField
        form={form}
        name="note"
        label="Lagerort"
        optional
        maxLength={500}
        placeholder="z. B. Kühlraum, Regal 3"
      />
      <div className="flex items-end">
        <SubmitButton busy={busy} busyLabel="Wareneingang eintragen">
          Wareneingang eintragen
        </SubmitButton>
      </div>
      <div className="md:col-span-2">
        <SubmitOutcome outcome={outcome} />
      </div>
    </Form>
  );
}

/**
 * The Lagerservice's goods-in: a delivery of one of the producer's products into the store room,
 * confirmed at once (docs/decisions/0059-inventory-and-theft-refund.md); the storage service's
 * stock and its notices come from these movements.
 */
function GoodsInSection({ contracts }: { contracts: readonly AdminContract[] }) {
  const storing = contracts.filter(
    (contract) =>
      contract.zusatzleistungen.lagerservice || contract.nextChange?.zusatzleistungen.lagerservice,
  );
  const vendors = [...new Map(storing.map((c) => [c.vendor.id, c.vendor])).values()];
  const [vendorId, setVendorId] = useState('');
  const products = useVendorProducts(vendorId);
  return (
    <div className="space-y-3 rounded-xl bg-white p-4 shadow-sm">
      <div className="max-w-md">
        <LabelledSelect
          id="goods-in-vendor"
          label="Direktvermarkter (mit Lagerservice)"
          value={vendorId}
          onChange={(event) => setVendorId(event.target.value)}
        >
          <option value="">Bitte wählen</option>
          {vendors.map((vendor) => (
            <option key={vendor.id} value={vendor.id}>
              {vendor.unternehmen || vendor.name}
            </option>
          ))}
        </LabelledSelect>
      </div>
      {vendorId && products.isPending && <p>Die Produkte werden geladen …</p>}
      {vendorId && products.isError && (
        <LoadError
          title="Die Produkte konnten nicht geladen werden."
          onRetry={() => void products.refetch()}
        />
      )}
      {vendorId && products.data?.length === 0 && (
        <p>Dieser Direktvermarkter hat noch keine Produkte angelegt.</p>
      )}
      {vendorId && products.data && products.data.length > 0 && (
        <GoodsInForm key={vendorId} products={products.data} />
      )}
    </div>
  );
}

/** /admin/zusatzleistungen: Lager- and Versandservice of the contracts, and the goods-in log. */
export function AdminZusatzleistungenPage() {
  usePageMeta('Zusatzleistungen', 'Lagerservice und Versandservice der Verträge.');
  const data = useZusatzleistungen();
  const list = data.data;
  return (
    <>
      <AdminPageHeader
        title="Zusatzleistungen"
        description="Lagerservice (20 € im Monat) und Versandservice (5 € im Monat) der Premium-Verträge: ab einem Tag ein- oder ausschalten, und was für den Lagerservice eingelagert wird."
      />
      <QueryState query={data} error="Die Zusatzleistungen konnten nicht geladen werden." />
      {list && (
        <div className="space-y-8">
          <section aria-labelledby="service-contracts">
            <h2 id="service-contracts" className="mb-3 text-xl font-bold">
              Verträge
            </h2>
            {list.vertraege.length === 0 ? (
              <p className="rounded-xl bg-white p-4">
                Keine laufenden Premium-Verträge und keine gebuchten Zusatzleistungen.
              </p>
            ) : (
              <ul className="space-y-3">
                {list.vertraege.map((contract) => (
                  <ContractServices key={contract.id} contract={contract} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="goods-in" className="space-y-3">
            <h2 id="goods-in" className="text-xl font-bold">
              Wareneingang (Lagerservice)
            </h2>
            <GoodsInSection contracts={list.vertraege} />
            {list.wareneingang.length > 0 && (
              <h3 id="goods-in-before" className="text-lg font-semibold">
                Wareneingang vor der Inventur (Protokoll)
              </h3>
            )}
            {list.wareneingang.length > 0 && (
              <p className="text-sm text-gray-800">
                Diese Einträge stammen aus der Zeit vor der Bestandsführung: Sie nennen kein Produkt
                und zählen nicht zum Bestand.
              </p>
            )}
            {list.wareneingang.length > 0 && (
              <ul
                aria-labelledby="goods-in-before"
                className="divide-y divide-sand rounded-xl bg-white"
              >
                {list.wareneingang.map((entry) => (
                  <li key={entry.id} className="p-3">
                    <p className="font-semibold">
                      {formatIsoDay(entry.day)} · {entry.vendorName}: {entry.quantity} {entry.what}
                    </p>
                    <p className="text-sm text-gray-800">
                      {entry.storedAt ? `${entry.storedAt} · ` : ''}eingetragen von{' '}
                      {entry.actorName}, {formatDateTime(entry.createdAt)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </>
  );
}
