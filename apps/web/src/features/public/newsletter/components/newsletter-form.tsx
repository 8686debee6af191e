import { NEWSLETTER_NAME_MAX } from '@housnkuh/shared/limits';
import type { NewsletterSubscribeInput } from '@housnkuh/shared/schemas/newsletter';
import { useId } from 'react';
import { FormEmailField, FormTextField } from '../../../../components/form/field';
import { Form } from '../../../../components/form/form';
import { SubmitOutcome } from '../../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../../components/form/use-schema-form';
import { SubmitButton } from '../../../../components/ui/button';
import { lazyZodResolver } from '../../../../lib/lazy-resolver';
import {
  newsletterErrorDetails,
  newsletterErrorMessage,
  useSubscribeNewsletter,
} from '../api/subscribe';

const validation = lazyZodResolver<NewsletterSubscribeInput>(
  async () => (await import('@housnkuh/shared/schemas/newsletter')).newsletterSubscribeSchema,
);

/** E-mail, optional name, customer or producer; double opt-in follows by mail. */
export function NewsletterForm() {
  const mutation = useSubscribeNewsletter();
  const typeLegend = useId();
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation,
    defaultValues: { email: '', name: '', type: 'customer' },
    submit: mutation.mutateAsync,
    pending: mutation.isPending,
    errorMessage: newsletterErrorMessage,
    resetOnSuccess: true,
  });
  const { register } = form;
  const { errors } = form.formState;

  return (
    <Form formProps={formProps} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormEmailField form={form} name="email" />
        <FormTextField
          form={form}
          name="name"
          label="Name"
          optional
          autoComplete="given-name"
          maxLength={NEWSLETTER_NAME_MAX}
        />
      </div>
      <fieldset>
        <legend id={typeLegend} className="mb-1 text-sm font-semibold">
          Ich bin …
        </legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className="flex items-center gap-2">
            <input type="radio" value="customer" className="h-4 w-4" {...register('type')} />
            Kundin / Kunde
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" value="vendor" className="h-4 w-4" {...register('type')} />
            Direktvermarkter/in
          </label>
        </div>
        {errors.type?.message && (
          <p className="mt-1 text-sm font-medium text-red-800">{errors.type.message}</p>
        )}
      </fieldset>
      <p className="text-sm text-gray-700">
        Mit der Anmeldung willigst du ein, dass wir dir Neuigkeiten aus dem Laden per E-Mail
        schicken. Du bekommst zuerst eine E-Mail mit einem Bestätigungslink. Abmelden kannst du dich
        jederzeit über den Link in jeder E-Mail.
      </p>
      <SubmitButton busy={busy}>Newsletter abonnieren</SubmitButton>

      <SubmitOutcome
        outcome={outcome}
        errorTitle="Das hat leider nicht geklappt"
        error={(failure) => (
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer underline underline-offset-2">
              Technische Details
            </summary>
            <pre className="mt-2 overflow-x-auto whitespace-pre-wrap">
              {newsletterErrorDetails(failure.error)}
            </pre>
          </details>
        )}
      />
    </Form>
  );
}
