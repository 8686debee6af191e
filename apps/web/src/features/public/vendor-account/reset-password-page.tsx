import { ERRORS } from '@housnkuh/shared/messages';
import { KeyRound } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { FormPasswordField } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink, SubmitButton } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteSettings } from '../../../lib/site-settings';
import { requestErrorMessage } from './api/resend-confirmation';
import { type ResetPasswordInput, useResetPassword } from './api/reset-password';
import { PasswordChecklist } from './components/password-checklist';

const validation = lazyZodResolver<ResetPasswordInput>(
  async () => (await import('@housnkuh/shared/schemas/vendor')).resetPasswordSchema,
);

const FORGOT = '/vendor/passwort-vergessen';
const PASSWORD_ID = 'new-password';
const CHECKLIST_ID = 'new-password-checklist';

/** /vendor/passwort-zuruecksetzen?token=…: the link from the reset mail (valid 1 h, single use). */
export function ResetPasswordPage() {
  const settings = useSiteSettings();
  usePageMeta(
    'Neues Passwort festlegen',
    `Lege ein neues Passwort für deinen Direktvermarkter-Login bei ${settings.shopName} fest. Der Link aus der E-Mail ist eine Stunde gültig und nur einmal nutzbar.`,
    settings.shopName,
  );
  const [params] = useSearchParams();
  const token = params.get('token');

  return (
    <div className="bg-sand px-4 py-12 md:py-16">
      <div className="mx-auto max-w-md rounded-xl bg-white p-6 shadow-sm sm:p-8">
        <KeyRound aria-hidden="true" className="mb-3 h-9 w-9 text-coral-dark" />
        <h1 className="text-3xl font-extrabold">Neues Passwort festlegen</h1>
        {token ? (
          <ResetForm token={token} />
        ) : (
          <div className="mt-6 space-y-4">
            <Alert tone="error" title="Kein gültiger Link">
              <p>
                In diesem Link fehlt der Code zum Zurücksetzen. Bitte öffne den vollständigen Link
                aus der E-Mail oder fordere einen neuen an.
              </p>
            </Alert>
            <ButtonLink to={FORGOT} className="w-full">
              Neuen Link anfordern
            </ButtonLink>
          </div>
        )}
      </div>
    </div>
  );
}

/** The link is spent or expired (HTTP 400): the error box offers a new one. */
function isInvalidLink(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && error.status === 400;
}

function ResetForm({ token }: { token: string }) {
  const mutation = useResetPassword();
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation,
    defaultValues: { token, password: '', confirmPassword: '' },
    submit: mutation.mutateAsync,
    pending: mutation.isPending,
    // a bad token is said by the error box (with its link), not a second box
    serverFields: ['password', 'confirmPassword'],
    errorMessage: (error) =>
      requestErrorMessage(error, {
        noResponse: ERRORS.noResponse,
        fallback:
          'Dein neues Passwort konnte nicht gespeichert werden. Bitte versuche es später erneut.',
      }),
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' }) ?? '';

  if (outcome.state === 'success') {
    return (
      <div className="mt-6 space-y-4">
        <SubmitOutcome outcome={outcome} live={false} successTitle="Passwort gespeichert" />
        <ButtonLink to="/vendor/login" className="w-full">
          Zum Login
        </ButtonLink>
      </div>
    );
  }

  const passwordErrorId = `${PASSWORD_ID}-error`;
  return (
    <>
      <p className="mt-2 mb-6 text-gray-800">
        Wähle ein neues Passwort für deinen Login. Danach meldest du dich mit dem neuen Passwort an;
        bestehende Anmeldungen auf anderen Geräten werden beendet.
      </p>
      <Form formProps={formProps} className="space-y-4">
        <SubmitOutcome
          outcome={outcome}
          live={false}
          errorTitle="Das Passwort wurde nicht geändert"
          error={(failure) =>
            isInvalidLink(failure.error) && (
              <p className="mt-2">
                <Link to={FORGOT} className="font-semibold underline underline-offset-2">
                  Neuen Link anfordern
                </Link>
              </p>
            )
          }
        />
        {errors.token?.message && (
          <Alert tone="error" title="Kein gültiger Link">
            <p>{errors.token.message}</p>
            <p className="mt-2">
              <Link to={FORGOT} className="font-semibold underline underline-offset-2">
                Neuen Link anfordern
              </Link>
            </p>
          </Alert>
        )}
        <div>
          <FormPasswordField
            form={form}
            name="password"
            id={PASSWORD_ID}
            label="Neues Passwort"
            autoComplete="new-password"
            required
            aria-describedby={[CHECKLIST_ID, errors.password ? passwordErrorId : null]
              .filter(Boolean)
              .join(' ')}
          />
          <PasswordChecklist id={CHECKLIST_ID} password={password} />
        </div>
        <FormPasswordField
          form={form}
          name="confirmPassword"
          label="Neues Passwort wiederholen"
          autoComplete="new-password"
          required
        />
        <SubmitButton busy={busy} busyLabel="Wird gespeichert..." className="w-full">
          Passwort speichern
        </SubmitButton>
      </Form>
    </>
  );
}
