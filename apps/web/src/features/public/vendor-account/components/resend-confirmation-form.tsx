import type { ForgotPasswordInput } from '../api/forgot-password';
import { FormEmailField } from '../../../../components/form/field';
import { Form } from '../../../../components/form/form';
import { SubmitOutcome } from '../../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../../components/form/use-schema-form';
import { SubmitButton } from '../../../../components/ui/button';
import { lazyZodResolver } from '../../../../lib/lazy-resolver';
import { linkRequestErrorMessage, useResendConfirmation } from '../api/resend-confirmation';

const validation = lazyZodResolver<ForgotPasswordInput>(
  async () => (await import('@housnkuh/shared/schemas/vendor')).resendConfirmationSchema,
);

/** 'Neuen Link anfordern': e-mail → POST /api/vendor-auth/resend-confirmation. */
export function ResendConfirmationForm() {
  const mutation = useResendConfirmation();
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation,
    defaultValues: { email: '' },
    submit: (values: ForgotPasswordInput) => mutation.mutateAsync(values.email),
    pending: mutation.isPending,
    errorMessage: linkRequestErrorMessage,
  });

  return (
    <section
      aria-labelledby="resend-confirmation-title"
      className="w-full max-w-md rounded-xl bg-white p-6 text-left shadow-sm"
    >
      <h2 id="resend-confirmation-title" className="mb-2 text-xl font-bold">
        Neuen Link anfordern
      </h2>
      <p className="mb-4 text-gray-800">
        Gib die E-Mail-Adresse ein, mit der du dich registriert hast. Wir schicken dir einen neuen
        Bestätigungslink, der 24 Stunden gültig ist.
      </p>
      <Form formProps={formProps} className="space-y-4">
        <SubmitOutcome
          outcome={outcome}
          successTitle="Anfrage gesendet"
          errorTitle="Das hat nicht geklappt"
        />
        <FormEmailField form={form} name="email" />
        <SubmitButton busy={busy}>Neuen Link anfordern</SubmitButton>
      </Form>
    </section>
  );
}
