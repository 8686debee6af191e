import {
  firstOfNextMonth,
  formatDateTime,
  formatIsoDay,
  isoDayInBerlin,
} from '@housnkuh/shared/format';
import type { AdminContract, GoodsInInput } from '@housnkuh/shared/schemas/admin-rental';
import { Link } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { FormCheckboxField } from '../../../components/form/choice-fields';
import { FormDateField } from '../../../components/form/date-field';
import { FormTextField } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { FromDayForm } from '../../../components/form/from-day-form';
import { FormSelectField } from '../../../components/form/select-field';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { SubmitButton } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { adminErrorMessage } from '../../../lib/admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { usePageMeta } from '../../../lib/page-meta';
import {
  useAddGoodsIn,
  useSwitchServices,
  useZusatzleistungen,
  type ServicesChange,
} from './api/zusatzleistungen';

const rental = () => import('@housnkuh/shared/schemas/admin-rental');

/** A switch of services is a contract change: checked by the change's schema. */
const switchValidation = lazyZodResolver<ServicesChange>(
  async () => (await rental()).contractChangeSchema,
);
const goodsInValidation = lazyZodResolver<GoodsInInput>(
  async () => (await rental()).goodsInInputSchema,
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

/** The Lagerservice's goods-in: a new entry, and the log. */
function GoodsInSection({ contracts }: { contracts: readonly AdminContract[] }) {
  const storing = contracts.filter(
    (contract) =>
      contract.zusatzleistungen.lagerservice || contract.nextChange?.zusatzleistungen.lagerservice,
  );
  const vendors = [...new Map(storing.map((c) => [c.vendor.id, c.vendor])).values()];
  const add = useAddGoodsIn();
  const today = isoDayInBerlin();
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation: goodsInValidation,
    defaultValues: { vendorId: '', day: today, what: '', quantity: '', storedAt: '' },
    submit: (values: GoodsInInput) => add.mutateAsync(values),
    errorMessage: adminErrorMessage,
    // the next entry is often for the same producer and day
    onSuccess: () => {
      form.setValue('what', '');
      form.setValue('quantity', '');
    },
  });
  return (
    <Form
      formProps={formProps}
      className="grid gap-3 rounded-xl bg-white p-4 shadow-sm md:grid-cols-2"
      aria-label="Neuer Wareneingang"
    >
      <FormSelectField
        form={form}
        name="vendorId"
        label="Direktvermarkter (mit Lagerservice)"
        options={[
          { value: '', label: 'Bitte wählen' },
          ...vendors.map((vendor) => ({
            value: vendor.id,
            label: vendor.unternehmen || vendor.name,
          })),
        ]}
      />
      <FormDateField form={form} name="day" label="Datum" max={today} />
      <FormTextField
        form={form}
        name="what"
        label="Was"
        maxLength={200}
        placeholder="z. B. Blütenhonig 500 g"
      />
      <FormTextField
        form={form}
        name="quantity"
        label="Menge"
        maxLength={100}
        placeholder="z. B. 24 Gläser"
      />
      <FormTextField
        form={form}
        name="storedAt"
        label="Lagerort"
        optional
        maxLength={100}
        placeholder="z. B. Lager, Regal 3"
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
      {data.isPending && <p role="status">Wird geladen...</p>}
      {data.isError && (
        <LoadError
          title="Die Zusatzleistungen konnten nicht geladen werden."
          onRetry={() => void data.refetch()}
        />
      )}
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
            {list.wareneingang.length === 0 ? (
              <p className="rounded-xl bg-white p-4">Noch kein Wareneingang eingetragen.</p>
            ) : (
              <ul className="divide-y divide-sand rounded-xl bg-white">
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
