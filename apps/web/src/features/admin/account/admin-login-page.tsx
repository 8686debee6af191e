import { ERRORS } from '@housnkuh/shared/messages';
import type { AdminLoginInput } from '@housnkuh/shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { FormPasswordField, FormTextField } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { FormFailure } from '../../../components/form/form-failure';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { SubmitButton } from '../../../components/ui/button';
import { loginAdmin, useSetupStatus } from '../../../lib/admin-auth';
import { useAdminSession } from '../../../lib/admin-session';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { usePageMeta } from '../../../lib/page-meta';
import { AdminAuthFrame } from './admin-auth-frame';

const validation = lazyZodResolver<AdminLoginInput>(
  async () => (await import('@housnkuh/shared/schemas/auth')).adminLoginSchema,
);

/** A page inside the admin area the visitor came from (the guard passes it on), else the dashboard. */
function targetOf(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/admin') && !from.startsWith('/admin/login')
    ? from
    : '/admin';
}

/** /admin/login: the operators' sign-in with username and password (spec §7, messages of §8). */
export function AdminLoginPage() {
  usePageMeta('Anmeldung Verwaltung', 'Anmeldung für die Verwaltung des Ladens.');
  const session = useAdminSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const setup = useSetupStatus();
  const target = targetOf(location.state);
  // the guard says so when the server refused the session the admin was working in
  const expired = (location.state as { expired?: unknown } | null)?.expired === true;

  const { form, outcome, busy, formProps } = useSchemaForm({
    validation,
    defaultValues: { username: '', password: '' },
    submit: async (values: AdminLoginInput) => {
      const result = await loginAdmin(client, values);
      if (!result.success) throw new FormFailure(result.message, { status: result.status });
      await navigate(target, { replace: true });
      return result;
    },
    errorMessage: () => ERRORS.loginFallback,
  });

  if (session?.user.isAdmin === true && outcome.state !== 'error' && !busy) {
    return <Navigate to={target} replace />;
  }

  return (
    <AdminAuthFrame title="Anmeldung">
      {expired && outcome.state !== 'error' && (
        <div role="status" className="mb-4 rounded-lg border-l-4 border-coral-dark bg-sand p-4">
          <p className="font-semibold">Sitzung abgelaufen</p>
          <p>
            Bitte melde dich erneut an
            {target === '/admin' ? '.' : '; danach geht es auf der Seite weiter, auf der du warst.'}
          </p>
        </div>
      )}
      {setup.data?.setupNeeded && (
        <p className="mb-4 rounded-lg bg-sand p-3">
          Noch kein Administrator angelegt?{' '}
          <Link
            to="/admin/setup"
            className="font-semibold text-coral-darker underline underline-offset-2"
          >
            Zur Einrichtung
          </Link>
        </p>
      )}
      <Form formProps={formProps} className="space-y-4">
        <SubmitOutcome outcome={outcome} show="error" errorTitle="Anmeldung fehlgeschlagen" />
        <FormTextField
          form={form}
          name="username"
          label="Benutzername"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={100}
        />
        <FormPasswordField
          form={form}
          name="password"
          label="Passwort"
          autoComplete="current-password"
          required
        />
        <SubmitButton busy={busy} busyLabel="Wird angemeldet..." className="w-full">
          Anmelden
        </SubmitButton>
      </Form>
    </AdminAuthFrame>
  );
}
