import type { AdminSetupFormInput } from '@housnkuh/shared/schemas/admin-auth';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { FormNameField, FormPasswordField, FormTextField } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { PASSWORD_HINT } from '../../../components/password-rules';
import { FormFailure } from '../../../components/form/form-failure';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { LoadError } from '../../../components/ui/load-error';
import { SubmitButton } from '../../../components/ui/button';
import { setupAdmin, useSetupStatus } from '../../../lib/admin-auth';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { usePageMeta } from '../../../lib/page-meta';
import { AdminAuthFrame } from './admin-auth-frame';

const validation = lazyZodResolver<AdminSetupFormInput>(
  async () => (await import('@housnkuh/shared/schemas/admin-auth')).adminSetupFormSchema,
);

/**
 * /admin/setup: the first admin, created with the setup code from the server's
 * log (or ADMIN_SETUP_CODE). Once an admin exists it points to the login.
 */
export function AdminSetupPage() {
  usePageMeta('Einrichtung Verwaltung', 'Den ersten Administrator des Ladens anlegen.');
  const client = useQueryClient();
  const navigate = useNavigate();
  const status = useSetupStatus();

  const { form, outcome, busy, formProps } = useSchemaForm({
    validation,
    defaultValues: { setupCode: '', username: '', name: '', password: '', confirmPassword: '' },
    submit: async ({ confirmPassword: _, ...values }: AdminSetupFormInput) => {
      const result = await setupAdmin(client, values);
      if (!result.success) {
        throw new FormFailure(result.message, {
          fieldErrors: result.fieldErrors ?? [],
          status: result.status,
        });
      }
      await navigate('/admin', { replace: true });
      return result;
    },
    errorMessage: () => 'Die Einrichtung ist fehlgeschlagen. Bitte versuche es noch einmal.',
  });

  if (status.isPending) {
    return (
      <AdminAuthFrame title="Einrichtung">
        <p role="status" className="flex items-center gap-2">
          <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin" />
          Wird geladen...
        </p>
      </AdminAuthFrame>
    );
  }
  if (status.isError) {
    return (
      <AdminAuthFrame title="Einrichtung">
        <LoadError
          title="Die Einrichtung konnte nicht geladen werden."
          onRetry={() => void status.refetch()}
        />
      </AdminAuthFrame>
    );
  }
  if (!status.data.setupNeeded && outcome.state !== 'success' && !busy) {
    return (
      <AdminAuthFrame title="Einrichtung abgeschlossen">
        <p>
          Es gibt bereits einen Administrator. Weitere legt ein Administrator unter „Benutzer“ an.
        </p>
        <p className="mt-4">
          <Link
            to="/admin/login"
            className="font-semibold text-coral-darker underline underline-offset-2"
          >
            Zur Anmeldung
          </Link>
        </p>
      </AdminAuthFrame>
    );
  }

  return (
    <AdminAuthFrame title="Ersten Administrator anlegen">
      <p className="mb-4 text-gray-800">
        Den Einrichtungscode findest du im Protokoll des Servers („Noch kein Administrator: …“) oder
        in der Einstellung <code>ADMIN_SETUP_CODE</code>.
      </p>
      <Form formProps={formProps} className="space-y-4">
        <SubmitOutcome outcome={outcome} show="error" errorTitle="Einrichtung fehlgeschlagen" />
        <FormTextField
          form={form}
          name="setupCode"
          label="Einrichtungscode"
          autoComplete="off"
          spellCheck={false}
          required
          maxLength={200}
        />
        <FormTextField
          form={form}
          name="username"
          label="Benutzername"
          hint="3 bis 40 Zeichen: Kleinbuchstaben, Ziffern, Punkt, Binde- oder Unterstrich."
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={40}
        />
        <FormNameField form={form} name="name" label="Dein Name" maxLength={100} />
        <FormPasswordField
          form={form}
          name="password"
          label="Passwort"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          required
        />
        <FormPasswordField
          form={form}
          name="confirmPassword"
          label="Passwort wiederholen"
          autoComplete="new-password"
          required
        />
        <SubmitButton busy={busy} busyLabel="Wird angelegt..." className="w-full">
          Administrator anlegen
        </SubmitButton>
      </Form>
    </AdminAuthFrame>
  );
}
