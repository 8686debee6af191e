import {
  firstOfNextMonth,
  formatEuro,
  formatIsoDay,
  isoDayInBerlin,
} from '@housnkuh/shared/format';
import type { AdminContract } from '@housnkuh/shared/schemas/admin-rental';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { FormCheckboxField, FormCheckboxList } from '../../../components/form/choice-fields';
import { FromDayForm } from '../../../components/form/from-day-form';
import { FormMoneyField } from '../../../components/form/money-field';
import { FormSelectField } from '../../../components/form/select-field';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { adminErrorMessage } from '../../../lib/admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { useChangeContract, useUnits, type ContractChangeBody } from './api/vertraege';
import { changePreview, useConfirmFirst } from './confirm-first';

interface ChangeValues {
  validFrom: string;
  mietfachIds: string[];
  /** The prices typed, by unit; only the chosen units' go with the change. */
  priceCents: Record<string, number | undefined>;
  provisionType: 'basic' | 'premium';
  zusatzleistungen: { lagerservice: boolean; versandservice: boolean };
  reason: string;
}

const NO_SERVICES = { lagerservice: false, versandservice: false };

/** The request body: prices of the chosen units only, no extra services in the Basismodell. */
function toChangeBody(values: ChangeValues) {
  return {
    ...values,
    priceCents: Object.fromEntries(values.mietfachIds.map((id) => [id, values.priceCents[id]])),
    zusatzleistungen: values.provisionType === 'premium' ? values.zusatzleistungen : NO_SERVICES,
  };
}

const validation = lazyZodResolver<ChangeValues, ContractChangeBody>(
  async () => (await import('@housnkuh/shared/schemas/admin-rental')).contractChangeSchema,
  toChangeBody,
);

const MODELS = [
  { value: 'basic', label: 'Basismodell (4 %)' },
  { value: 'premium', label: 'Premium-Modell (7 %)' },
];

/** The first day a change may take effect by default: the first of next month, not before the start. */
function firstChangeDay(contract: AdminContract): string {
  const first = firstOfNextMonth(isoDayInBerlin());
  return contract.startDate > first ? contract.startDate : first;
}

/**
 * New terms from a day on (units, prices, model, extra services): a new
 * version of the contract; the old one stays readable in "Versionen".
 */
export function ChangeForm({ contract }: { contract: AdminContract }) {
  const units = useUnits();
  const change = useChangeContract(contract.id);
  const confirmFirst = useConfirmFirst(
    (body: ContractChangeBody) =>
      changePreview(`/admin/vertraege/${encodeURIComponent(contract.id)}/change/preview`, body),
    (body: ContractChangeBody) => change.mutateAsync(body),
  );
  const base = contract.nextChange ?? contract;
  const schemaForm = useSchemaForm({
    validation,
    defaultValues: {
      validFrom: firstChangeDay(contract),
      mietfachIds: base.mietfaecher.map((unit) => unit.id),
      priceCents: Object.fromEntries(base.mietfaecher.map((unit) => [unit.id, unit.priceCents])),
      provisionType: base.provisionType as ChangeValues['provisionType'],
      zusatzleistungen: base.zusatzleistungen,
      reason: '',
    },
    submit: (body: ContractChangeBody) => confirmFirst.submit(body),
    errorMessage: adminErrorMessage,
  });
  const { form } = schemaForm;
  const [validFrom, provisionType] = useWatch({
    control: form.control,
    name: ['validFrom', 'provisionType'],
  });
  const premium = provisionType === 'premium';
  useEffect(() => {
    if (!premium) form.setValue('zusatzleistungen', NO_SERVICES);
  }, [premium, form]);

  const own = new Set(base.mietfaecher.map((unit) => unit.id));
  const choices = (units.data?.mietfaecher ?? []).filter(
    (unit) => own.has(unit.id) || (unit.isActive && unit.state === 'free'),
  );
  const byId = new Map(choices.map((unit) => [unit.id, unit]));

  return (
    <FromDayForm
      schemaForm={schemaForm}
      className="space-y-4"
      lead={
        <>
          {confirmFirst.dialog}
          <p className="text-gray-800">
            Gilt ab dem gewählten Tag; bis dahin bleibt alles, wie es ist. Der Direktvermarkter
            bekommt eine E-Mail, die du vorher siehst.
          </p>
        </>
      }
      day={{ name: 'validFrom', label: 'Gilt ab', min: contract.startDate }}
      beside={<FormSelectField form={form} name="provisionType" label="Modell" options={MODELS} />}
      text={{ name: 'reason', label: 'Grund der Änderung', max: 500 }}
      variant="secondary"
      submitLabel={
        validFrom ? `Änderung ab ${formatIsoDay(validFrom)} eintragen …` : 'Änderung eintragen …'
      }
    >
      <fieldset>
        <legend className="mb-1 text-sm font-semibold">
          Zusatzleistungen (nur Premium-Modell)
        </legend>
        <div className="flex flex-wrap gap-x-6">
          <FormCheckboxField
            form={form}
            name="zusatzleistungen.lagerservice"
            label="Lagerservice"
            disabled={!premium}
          />
          <FormCheckboxField
            form={form}
            name="zusatzleistungen.versandservice"
            label="Versandservice"
            disabled={!premium}
          />
        </div>
      </fieldset>
      {units.isPending && <p role="status">Mietfächer werden geladen …</p>}
      {units.isError && <p>{adminErrorMessage(units.error)}</p>}
      <FormCheckboxList
        form={form}
        name="mietfachIds"
        legend="Mietfächer (die bisherigen und alle freien)"
        listClassName="max-h-72 space-y-2 overflow-y-auto rounded-lg border border-gray-300 p-3"
        choices={choices.map((unit) => ({
          value: unit.id,
          label: `${unit.name} (${formatEuro(unit.priceCents)})`,
        }))}
        onToggle={(id, on) => {
          const unit = byId.get(id);
          if (on && unit && form.getValues(`priceCents.${id}`) === undefined) {
            form.setValue(`priceCents.${id}`, unit.priceCents);
          }
        }}
        extra={(id) => (
          <FormMoneyField
            form={form}
            name={`priceCents.${id}`}
            label={`Preis ${byId.get(id)?.name ?? ''} (€)`}
            invalidMessage="Bitte gib jeden Preis in Euro ein, z. B. 35 oder 35,00."
            className="w-36"
          />
        )}
      />
    </FromDayForm>
  );
}

/** Every version of the contract, newest first. */
export function Versions({ contract }: { contract: AdminContract }) {
  const today = isoDayInBerlin();
  return (
    <ol className="space-y-3">
      {[...contract.versions].reverse().map((version, index) => (
        <li key={index}>
          <p className="font-semibold">
            ab {formatIsoDay(version.validFrom)}
            {version.validFrom > today ? ' (geplant)' : ''}:{' '}
            {version.provisionType === 'premium' ? 'Premium-Modell' : 'Basismodell'},{' '}
            {formatEuro(version.monthlyPriceCents)} im Monat
          </p>
          <p className="text-sm">
            {version.mietfaecher
              .map((unit) => `${unit.name} (${formatEuro(unit.priceCents)})`)
              .join(', ')}
            {version.zusatzleistungen.lagerservice ? ' · Lagerservice' : ''}
            {version.zusatzleistungen.versandservice ? ' · Versandservice' : ''}
          </p>
          {version.reason && (
            <p className="text-sm text-gray-800">
              {version.actorName}: {version.reason}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
