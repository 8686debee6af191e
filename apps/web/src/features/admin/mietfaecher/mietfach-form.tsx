import { PACKAGE_OPTIONS, findPackageOption } from '@housnkuh/shared/catalog';
import { formatEuro } from '@housnkuh/shared/format';
import type { CreateMietfachInput, Mietfach } from '@housnkuh/shared/schemas/admin-rental';
import { useWatch } from 'react-hook-form';
import { FormTextAreaField, FormTextField } from '../../../components/form/field';
import { FormButtons } from '../../../components/form/form-buttons';
import { Form } from '../../../components/form/form';
import { euroText, FormMoneyField } from '../../../components/form/money-field';
import { FormSelectField } from '../../../components/form/select-field';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { adminErrorMessage } from '../../../lib/admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';

type UnitValues = Omit<CreateMietfachInput, 'isActive'>;

const rental = () => import('@housnkuh/shared/schemas/admin-rental');
/** A new unit and a changed one are checked by their own call's schema. */
const createValidation = lazyZodResolver<UnitValues>(
  async () => (await rental()).createMietfachSchema,
);
const updateValidation = lazyZodResolver<UnitValues>(
  async () => (await rental()).updateMietfachSchema,
);

const TYPES = PACKAGE_OPTIONS.map((option) => ({ value: option.id, label: option.displayName }));

/** A unit's fields; the price is typed in euros ('35' or '35,00'), empty = the catalog price. */
export function MietfachForm({
  initial,
  submitLabel,
  send,
  onCancel,
}: {
  initial?: Mietfach;
  submitLabel: string;
  /** Sends the unit (create or update); the page closes the form on success. */
  send: (input: UnitValues) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation: initial ? updateValidation : createValidation,
    defaultValues: {
      name: initial?.name ?? '',
      optionId: initial?.optionId ?? 'block-a',
      standort: initial?.standort ?? '',
      groesse: initial?.groesse ?? '',
      beschreibung: initial?.beschreibung ?? '',
      priceCents: initial?.priceCents,
    },
    submit: (values: UnitValues) => send(values),
    errorMessage: adminErrorMessage,
  });
  const optionId = useWatch({ control: form.control, name: 'optionId' });
  const catalogPrice = findPackageOption(optionId ?? '')?.price ?? 0;

  return (
    <Form formProps={formProps} className="grid gap-3 sm:grid-cols-2">
      <FormTextField form={form} name="name" label="Name oder Nummer" maxLength={40} required />
      <FormSelectField form={form} name="optionId" label="Typ" options={TYPES} />
      <FormTextField form={form} name="standort" label="Standort im Laden" maxLength={120} />
      <FormTextField form={form} name="groesse" label="Größe" maxLength={60} />
      <FormMoneyField
        form={form}
        name="priceCents"
        label="Monatspreis in Euro"
        placeholder={euroText(catalogPrice)}
        hint={`Leer lassen für den Katalogpreis (${formatEuro(catalogPrice)}).`}
        invalidMessage="Bitte gib den Preis in Euro ein, z. B. 35 oder 35,00."
      />
      <FormTextAreaField
        form={form}
        name="beschreibung"
        label="Beschreibung"
        rows={2}
        max={500}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <SubmitOutcome outcome={outcome} show="error" />
      </div>
      <FormButtons
        busy={busy}
        busyLabel="Wird gespeichert..."
        onCancel={onCancel}
        className="sm:col-span-2"
      >
        {submitLabel}
      </FormButtons>
    </Form>
  );
}
