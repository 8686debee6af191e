import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { FormEmailField } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { SubmitButton } from '../../../components/ui/button';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteSettings } from '../../../lib/site-settings';
import { type ForgotPasswordInput, useRequestPasswordReset } from './api/forgot-password';
import { linkRequestErrorMessage } from './api/resend-confirmation';

const validation = lazyZodResolver<ForgotPasswordInput>(
  async () => (await import('@housnkuh/shared/schemas/vendor')).forgotPasswordSchema,
);

/** /vendor/passwort-vergessen: asks for a link to set a new password. */
export function ForgotPasswordPage() {
  const settings = useSiteSettings();
  usePageMeta(
    'Passwort vergessen',
    `Passwort vergessen? Fordere als Direktvermarkter bei ${settings.shopName} einen Link an, mit dem du ein neues Passwort für deinen Login festlegst.`,
    settings.shopName,
  );
  const mutation = useRequestPasswordReset();
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation,
    defaultValues: { email: '' },
    submit: mutation.mutateAsync,
    pending: mutation.isPending,
    errorMessage: linkRequestErrorMessage,
  });

  return (
    <div className="bg-sand px-4 py-12 md:py-16">
      <div className="mx-auto max-w-md rounded-xl bg-white p-6 shadow-sm sm:p-8">
        <KeyRound aria-hidden="true" className="mb-3 h-9 w-9 text-coral-dark" />
        <h1 className="text-3xl font-extrabold">Passwort vergessen?</h1>
        <p className="mt-2 mb-6 text-gray-800">
          Gib die E-Mail-Adresse deines Direktvermarkter-Kontos ein. Hat dein Konto ein Passwort,
          bekommst du einen Link, mit dem du ein neues festlegst. Hast du noch keins, bitte uns um
          den Link zum Festlegen.
        </p>
        <SubmitOutcome outcome={outcome} show="success" successTitle="Anfrage angekommen" />
        {outcome.state !== 'success' && (
          <Form formProps={formProps} className="space-y-4">
            <SubmitOutcome
              outcome={outcome}
              show="error"
              live={false}
              errorTitle="Das hat nicht geklappt"
            />
            <FormEmailField form={form} name="email" />
            <SubmitButton busy={busy} className="w-full">
              Link anfordern
            </SubmitButton>
          </Form>
        )}
        <p className="mt-6 border-t border-gray-200 pt-6 text-center">
          <Link
            to="/vendor/login"
            className="font-semibold text-coral-darker underline underline-offset-2"
          >
            Zurück zum Login
          </Link>
        </p>
      </div>
    </div>
  );
}
