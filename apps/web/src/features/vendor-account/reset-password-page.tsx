import { PASSWORD_MAX } from '@housnkuh/shared/limits';
import { ERRORS } from '@housnkuh/shared/messages';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { ButtonLink, SubmitButton } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { ApiError } from '../../lib/api';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { usePageMeta } from '../../lib/page-meta';
import { useSiteSettings } from '../../lib/site-settings';
import { requestErrorMessage } from './api/resend-confirmation';
import { type ResetPasswordInput, useResetPassword } from './api/reset-password';
import { PasswordChecklist } from './components/password-checklist';

const validation = lazyZodResolver<ResetPasswordInput>(
  async () => (await import('@housnkuh/shared/schemas/vendor')).resetPasswordSchema,
);

const FORGOT = '/vendor/passwort-vergessen';
const PASSWORD_ID = 'new-password';
const CHECKLIST_ID = 'new-password-checklist';

type Outcome =
  | { state: 'idle' }
  | { state: 'success'; message: string }
  | { state: 'error'; message: string; invalidLink: boolean };

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

function ResetForm({ token }: { token: string }) {
  const mutation = useResetPassword();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ResetPasswordInput>({
    resolver: validation.resolver,
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';

  const onSubmit = handleSubmit(async (values) => {
    setOutcome({ state: 'idle' });
    try {
      const result = await mutation.mutateAsync(values);
      setOutcome({ state: 'success', message: result.message });
    } catch (error) {
      setOutcome({
        state: 'error',
        invalidLink: error instanceof ApiError && error.kind === 'http' && error.status === 400,
        message: requestErrorMessage(error, {
          noResponse: ERRORS.noResponse,
          fallback:
            'Dein neues Passwort konnte nicht gespeichert werden. Bitte versuche es später erneut.',
        }),
      });
    }
  });

  if (outcome.state === 'success') {
    return (
      <div className="mt-6 space-y-4">
        <Alert tone="success" focusOnShow title="Passwort gespeichert">
          <p>{outcome.message}</p>
        </Alert>
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
      <form
        method="post"
        onSubmit={onSubmit}
        onFocus={validation.prefetch}
        noValidate
        aria-busy={mutation.isPending}
        className="space-y-4"
      >
        {outcome.state === 'error' && (
          <Alert tone="error" focusOnShow title="Das Passwort wurde nicht geändert">
            <p>{outcome.message}</p>
            {outcome.invalidLink && (
              <p className="mt-2">
                <Link to={FORGOT} className="font-semibold underline underline-offset-2">
                  Neuen Link anfordern
                </Link>
              </p>
            )}
          </Alert>
        )}
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
          <TextField
            id={PASSWORD_ID}
            label="Neues Passwort"
            type="password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX}
            error={errors.password?.message}
            {...register('password')}
            aria-describedby={[CHECKLIST_ID, errors.password ? passwordErrorId : null]
              .filter(Boolean)
              .join(' ')}
          />
          <PasswordChecklist id={CHECKLIST_ID} password={password} />
        </div>
        <TextField
          label="Neues Passwort wiederholen"
          type="password"
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX}
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <SubmitButton busy={mutation.isPending} busyLabel="Wird gespeichert..." className="w-full">
          Passwort speichern
        </SubmitButton>
      </form>
    </>
  );
}
