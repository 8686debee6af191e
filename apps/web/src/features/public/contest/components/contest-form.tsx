import { CONTEST_LIMITS } from '@housnkuh/shared/limits';
import type { ContestEntryInput } from '@housnkuh/shared/schemas/contest';
import {
  FormEmailField,
  FormNameField,
  FormPhoneField,
  FormTextField,
} from '../../../../components/form/field';
import { Form } from '../../../../components/form/form';
import { SubmitOutcome } from '../../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../../components/form/use-schema-form';
import { SubmitButton } from '../../../../components/ui/button';
import { lazyZodResolver } from '../../../../lib/lazy-resolver';
import { contestErrorMessage, useSubmitContestEntry } from '../api/submit-entry';

const validation = lazyZodResolver<ContestEntryInput>(
  async () => (await import('@housnkuh/shared/schemas/contest')).contestEntrySchema,
);

const EMPTY: ContestEntryInput = { name: '', email: '', phone: '', guessedVendors: ['', '', ''] };

export function ContestForm() {
  const mutation = useSubmitContestEntry();
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation,
    defaultValues: EMPTY,
    submit: mutation.mutateAsync,
    pending: mutation.isPending,
    errorMessage: contestErrorMessage,
    resetOnSuccess: true,
  });
  const guessErrors = form.formState.errors.guessedVendors;

  return (
    <Form formProps={formProps} className="space-y-4">
      <SubmitOutcome
        outcome={outcome}
        successTitle="Du bist dabei!"
        errorTitle="Die Teilnahme hat nicht geklappt"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormNameField form={form} name="name" maxLength={CONTEST_LIMITS.name} />
        <FormEmailField form={form} name="email" />
      </div>
      <FormPhoneField form={form} name="phone" className="sm:w-1/2 sm:pr-2" />
      <fieldset className="space-y-3 rounded-xl border border-sand p-4">
        <legend className="px-1 font-semibold">Deine drei Tipps</legend>
        <p className="text-sm text-gray-700">
          Welche drei Direktvermarkter sind bei der Eröffnung dabei? Ein Name je Feld genügt, zum
          Beispiel „Hofladen Müller“ oder „Imkerei aus Küps“.
        </p>
        {[0, 1, 2].map((index) => (
          <FormTextField
            key={index}
            form={form}
            name={`guessedVendors.${index}` as const}
            label={`Direktvermarkter ${index + 1}`}
            required
            maxLength={CONTEST_LIMITS.guess}
            // the list's own message (e.g. the same name twice) shows at the first field
            error={
              guessErrors?.[index]?.message ?? (index === 0 ? guessErrors?.message : undefined)
            }
          />
        ))}
      </fieldset>
      <SubmitButton busy={busy}>Teilnehmen</SubmitButton>
    </Form>
  );
}
