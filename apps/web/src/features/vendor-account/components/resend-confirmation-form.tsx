import { EMAIL_MAX } from '@housnkuh/shared/limits';
import { ERRORS } from '@housnkuh/shared/messages';
import type { ForgotPasswordInput } from '../api/forgot-password';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { SubmitButton } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { requestErrorMessage, useResendConfirmation } from '../api/resend-confirmation';

const validation = lazyZodResolver<ForgotPasswordInput>(
  async () => (await import('@housnkuh/shared/schemas/vendor')).resendConfirmationSchema,
);

type Outcome =
  { state: 'idle' } | { state: 'success'; message: string } | { state: 'error'; message: string };

/** 'Neuen Link anfordern': e-mail → POST /api/vendor-auth/resend-confirmation. */
export function ResendConfirmationForm() {
  const mutation = useResendConfirmation();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordInput>({ resolver: validation.resolver, defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setOutcome({ state: 'idle' });
    try {
      const result = await mutation.mutateAsync(values.email);
      setOutcome({ state: 'success', message: result.message });
    } catch (error) {
      setOutcome({
        state: 'error',
        message: requestErrorMessage(error, {
          noResponse: ERRORS.noResponse,
          fallback: 'Der Link konnte nicht angefordert werden. Bitte versuche es später erneut.',
        }),
      });
    }
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
      <form
        method="post"
        onSubmit={onSubmit}
        onFocus={validation.prefetch}
        noValidate
        aria-busy={mutation.isPending}
        className="space-y-4"
      >
        <div aria-live="polite">
          {outcome.state === 'success' && (
            <Alert tone="success" focusOnShow title="Anfrage gesendet">
              <p>{outcome.message}</p>
            </Alert>
          )}
          {outcome.state === 'error' && (
            <Alert tone="error" focusOnShow title="Das hat nicht geklappt">
              <p>{outcome.message}</p>
            </Alert>
          )}
        </div>
        <TextField
          label="E-Mail-Adresse"
          type="email"
          autoComplete="email"
          required
          maxLength={EMAIL_MAX}
          error={errors.email?.message}
          {...register('email')}
        />
        <SubmitButton busy={mutation.isPending}>Neuen Link anfordern</SubmitButton>
      </form>
    </section>
  );
}
