import type { ManualLineForm as ManualLineValues } from '@housnkuh/shared/schemas/settlement-forms';
import type { ManualLineInput } from '@housnkuh/shared/schemas/settlement';
import { FormRadioGroup } from '../../../components/form/choice-fields';
import { FormTextField } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { FormMoneyField } from '../../../components/form/money-field';
import { FormSelectField } from '../../../components/form/select-field';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { SubmitButton } from '../../../components/ui/button';
import { adminErrorMessage } from '../../../lib/admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';

const validation = lazyZodResolver<ManualLineValues>(async () => {
  const { manualLineFormSchema } = await import('@housnkuh/shared/schemas/settlement-forms');
  return manualLineFormSchema;
});

const RATES = [
  { value: '1900', label: '19 %' },
  { value: '700', label: '7 %' },
  { value: '780', label: '7,8 % (§ 24 UStG)' },
  { value: '0', label: '0 % (keine Umsatzsteuer)' },
];

const DIRECTIONS = [
  { value: 'erstattung', label: 'Erstattung an den Direktvermarkter (erhöht die Auszahlung)' },
  { value: 'belastung', label: 'Belastung des Direktvermarkters (mindert die Auszahlung)' },
];

/** A manual line on a producer's draft: what for, in which direction, how much, at which rate. */
export function ManualLineFormSection({
  vendors,
  send,
}: {
  vendors: readonly { id: string; name: string }[];
  send: (input: ManualLineInput) => Promise<unknown>;
}) {
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation,
    defaultValues: {
      vendorId: vendors.length === 1 ? vendors[0]!.id : '',
      direction: 'erstattung',
      text: '',
      vatRateBp: '1900',
    },
    submit: (values: ManualLineValues) =>
      send({
        vendorId: values.vendorId,
        text: values.text,
        grossCents: values.direction === 'erstattung' ? values.amountCents : -values.amountCents,
        vatRateBp: Number(values.vatRateBp),
      }),
    errorMessage: adminErrorMessage,
    successMessage: () => 'Die Position ist eingetragen; die Abrechnung ist neu berechnet.',
    resetOnSuccess: true,
  });
  return (
    <Form formProps={formProps} className="grid gap-4 sm:grid-cols-2">
      <FormSelectField
        form={form}
        name="vendorId"
        label="Direktvermarkter"
        options={[
          { value: '', label: 'Bitte wählen' },
          ...vendors.map((vendor) => ({ value: vendor.id, label: vendor.name })),
        ]}
      />
      <FormRadioGroup form={form} name="direction" legend="Art" choices={DIRECTIONS} />
      <FormTextField
        form={form}
        name="text"
        label="Text auf Rechnung und Verkaufsabrechnung"
        maxLength={200}
        required
        className="sm:col-span-2"
      />
      <FormMoneyField form={form} name="amountCents" label="Betrag brutto (€)" required />
      <FormSelectField form={form} name="vatRateBp" label="Steuersatz" options={RATES} />
      <div className="sm:col-span-2">
        <SubmitOutcome outcome={outcome} />
        <SubmitButton busy={busy} busyLabel="Wird eingetragen …" className="mt-3">
          Position eintragen
        </SubmitButton>
      </div>
    </Form>
  );
}
