import { ACCOUNT, ERRORS } from '@housnkuh/shared/messages';
import type { VendorLoginInput } from '@housnkuh/shared/schemas/auth';
import { LogIn } from 'lucide-react';
import { Link, Navigate, useNavigate } from 'react-router';
import { FormEmailField, FormPasswordField } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { FormFailure } from '../../../components/form/form-failure';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Alert } from '../../../components/ui/alert';
import { Button, SubmitButton } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteSettings } from '../../../lib/site-settings';
import { useVendorSession } from './api/check-session';
import { useVendorLogin } from './api/login';
import { useResendConfirmation } from './api/resend-confirmation';

const validation = lazyZodResolver<VendorLoginInput>(
  async () => (await import('@housnkuh/shared/schemas/auth')).vendorLoginSchema,
);

const DASHBOARD = '/vendor/dashboard';

/**
 * This page says "du" like every other page; only the messages spec §5 and §8
 * quote for it stay as quoted ("Sie": invalid login, a failure, the field checks).
 */
export const LOGIN_PAGE_TEXTS = {
  notConfirmed:
    'Bitte bestätige zuerst deine E-Mail-Adresse. Den Link dazu haben wir dir nach der Registrierung geschickt.',
  tooManyAttempts:
    'Zu viele fehlgeschlagene Anmeldeversuche. Bitte warte 15 Minuten oder setze dein Passwort zurück.',
  locked: 'Dein Konto ist gesperrt. Bitte wende dich an uns, wenn du wissen möchtest, warum.',
  resendSent:
    'Falls zu dieser Adresse ein noch nicht bestätigtes Konto gehört, haben wir dir einen neuen Bestätigungslink geschickt.',
} as const;

/**
 * Spec §8 "Login (vendor form)": 401 and every other failure have fixed texts;
 * 403 (not confirmed) and 429 (too many attempts) say what to do.
 */
function loginFailureMessage(status: number | undefined, message: string): string {
  if (status === 401) return ERRORS.vendorLoginInvalid;
  if (status === 403 && message === ACCOUNT.accountLocked) return LOGIN_PAGE_TEXTS.locked;
  if (status === 403) return LOGIN_PAGE_TEXTS.notConfirmed;
  if (status === 429) return LOGIN_PAGE_TEXTS.tooManyAttempts;
  return ERRORS.vendorLoginError;
}

/** /vendor/login: the producers' login (spec §2 "Vendor login"). */
export function VendorLoginPage() {
  const settings = useSiteSettings();
  usePageMeta(
    'Login für Direktvermarkter',
    `Melde dich als Direktvermarkter bei ${settings.shopName} in Kronach an, um deine Buchungen, deinen Probemonat und dein Profil zu verwalten.`,
    settings.shopName,
  );
  const session = useVendorSession();
  const vendorLogin = useVendorLogin();
  const navigate = useNavigate();
  const login = async (values: VendorLoginInput) => {
    // the resolver hands over the parsed values: the address trimmed and lower-cased
    const result = await vendorLogin.mutateAsync({
      email: values.email,
      password: values.password,
    });
    if (result.success) {
      await navigate(DASHBOARD, { replace: true });
      return;
    }
    throw new FormFailure(loginFailureMessage(result.status, result.message), {
      status: result.status,
    });
  };
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation,
    defaultValues: { email: '', password: '' },
    submit: login,
    errorMessage: () => ERRORS.vendorLoginError,
  });
  // not confirmed yet (HTTP 403): a new link can go to the address just used
  const unconfirmedEmail =
    outcome.state === 'error' &&
    outcome.error instanceof FormFailure &&
    outcome.error.status === 403 &&
    outcome.message === LOGIN_PAGE_TEXTS.notConfirmed
      ? outcome.values.email
      : undefined;

  if (!session.isLoading && session.isAuthenticated) {
    return <Navigate to={DASHBOARD} replace />;
  }

  return (
    <div className="bg-sand px-4 py-12 md:py-16">
      <div className="mx-auto max-w-md rounded-xl bg-white p-6 shadow-sm sm:p-8">
        <LogIn aria-hidden="true" className="mb-3 h-9 w-9 text-coral-dark" />
        <h1 className="text-3xl font-extrabold">Login für Direktvermarkter</h1>
        <p className="mt-2 mb-6 text-gray-800">
          Melde dich mit der E-Mail-Adresse und dem Passwort an, die du bei der Registrierung
          gewählt hast.
        </p>
        <Form formProps={formProps} className="space-y-4">
          {outcome.state === 'error' && (
            <div className="space-y-3">
              <SubmitOutcome outcome={outcome} live={false} errorTitle="Anmeldung fehlgeschlagen" />
              {unconfirmedEmail && (
                <ResendConfirmation key={`resend-${outcome.attempt}`} email={unconfirmedEmail} />
              )}
            </div>
          )}
          <FormEmailField form={form} name="email" autoComplete="username" />
          <FormPasswordField
            form={form}
            name="password"
            label="Passwort"
            autoComplete="current-password"
            required
          />
          <div className="flex justify-end">
            <Link
              to="/vendor/passwort-vergessen"
              className="text-sm font-semibold text-coral-darker underline underline-offset-2"
            >
              Passwort vergessen?
            </Link>
          </div>
          <SubmitButton busy={busy} busyLabel="Wird angemeldet..." className="w-full">
            Anmelden
          </SubmitButton>
        </Form>
        <div className="mt-6 border-t border-gray-200 pt-6 text-center text-gray-800">
          <p>Noch kein Konto?</p>
          <Link
            to="/pricing"
            className="font-semibold text-coral-darker underline underline-offset-2"
          >
            Als Direktvermarkter registrieren
          </Link>
        </div>
      </div>
    </div>
  );
}

/** Why the new link was not sent: no answer, too many requests, anything else (texts the spec quotes). */
function resendErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network' || error.kind === 'timeout') return ERRORS.confirmNoResponse;
    if (error.status === 429) return ERRORS.clientRateLimit;
  }
  return ERRORS.vendorLoginError;
}

/** After a 403: sends a new confirmation link to the address just used, and shows the answer. */
function ResendConfirmation({ email }: { email: string }) {
  const mutation = useResendConfirmation();
  if (mutation.isSuccess) {
    return (
      <Alert tone="success" focusOnShow title="Bestätigungslink angefordert">
        <p>{LOGIN_PAGE_TEXTS.resendSent}</p>
      </Alert>
    );
  }
  return (
    <div className="space-y-3">
      {mutation.isError && (
        <Alert tone="error" focusOnShow title="Der Link wurde nicht gesendet">
          <p>{resendErrorMessage(mutation.error)}</p>
        </Alert>
      )}
      <Button
        variant="secondary"
        className="w-full"
        disabled={mutation.isPending}
        onClick={() => mutation.mutate(email)}
      >
        {mutation.isPending ? 'Wird gesendet...' : 'Bestätigungslink erneut senden'}
      </Button>
    </div>
  );
}
