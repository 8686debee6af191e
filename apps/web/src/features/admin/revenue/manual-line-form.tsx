import type { ManualLineForm as ManualLineValues } from '@housnkuh/shared/schemas/settlement-forms';
import type { ManualLineInput } from '@housnkuh/shared/schemas/settlement';
import { useWatch } from 'react-hook-form';
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

// the shop's invoice knows 19 % and 7 % only (docs/product/money.md, manual lines)
const RATES = [
  { value: '1900', label: '19 %' },
  { value: '700', label: '7 %' },
];

const KINDS = [
  { value: 'charge', label: 'Der Laden berechnet etwas' },
  { value: 'refund', label: 'Der Laden erstattet etwas, das keine Leistung ist' },
];

const DIRECTIONS = [
  { value: 'belastung', label: 'Der Direktvermarkter zahlt (mindert die Auszahlung)' },
  { value: 'gutschrift', label: 'Gutschrift auf der Rechnung (erhöht die Auszahlung)' },
];

/**
 * A manual line on a producer's draft: a charge by the shop (on its invoice at 19 % or 7 %, in
 * either direction) or a refund that is no supply (statement only, no VAT), and how much.
 */
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
      kind: 'charge',
      direction: 'belastung',
      text: '',
      vatRateBp: '1900',
    },
    submit: (values: ManualLineValues) =>
      send(
        values.kind === 'refund'
          ? {
              vendorId: values.vendorId,
              kind: 'refund',
              text: values.text,
              grossCents: values.amountCents,
            }
          : {
              vendorId: values.vendorId,
              kind: 'charge',
              text: values.text,
              grossCents:
                values.direction === 'belastung' ? values.amountCents : -values.amountCents,
              vatRateBp: Number(values.vatRateBp),
            },
      ),
    errorMessage: adminErrorMessage,
    successMessage: () => 'Die Position ist eingetragen; die Abrechnung ist neu berechnet.',
    resetOnSuccess: true,
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
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
      <FormRadioGroup form={form} name="kind" legend="Art" choices={KINDS} />
      {kind !== 'refund' && (
        <FormRadioGroup form={form} name="direction" legend="Wer zahlt" choices={DIRECTIONS} />
      )}
      <FormTextField
        form={form}
        name="text"
        label="Text auf Rechnung und Verkaufsabrechnung"
        maxLength={200}
        required
        className="sm:col-span-2"
      />
      <FormMoneyField form={form} name="amountCents" label="Betrag brutto (€)" required />
      {kind !== 'refund' ? (
        <FormSelectField form={form} name="vatRateBp" label="Steuersatz" options={RATES} />
      ) : (
        <p className="self-end text-sm">
          Nur auf der Verkaufsabrechnung, ohne Umsatzsteuer (nicht steuerbar).
        </p>
      )}
      <div className="sm:col-span-2">
        <SubmitOutcome outcome={outcome} />
        <SubmitButton busy={busy} busyLabel="Wird eingetragen …" className="mt-3">
          Position eintragen
        </SubmitButton>
      </div>
    </Form>
  );
}
