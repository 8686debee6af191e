import { EMAIL_MAX, NEWSLETTER_NAME_MAX } from '@housnkuh/shared/limits';
import type { NewsletterSubscribeInput } from '@housnkuh/shared/schemas/newsletter';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { SubmitButton } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import {
  newsletterErrorDetails,
  newsletterErrorMessage,
  useSubscribeNewsletter,
} from '../api/subscribe';

const validation = lazyZodResolver<NewsletterSubscribeInput>(
  async () => (await import('@housnkuh/shared/schemas/newsletter')).newsletterSubscribeSchema,
);

type Outcome =
  | { state: 'idle' }
  | { state: 'success'; message: string }
  | { state: 'error'; message: string; details: string };

/** E-mail, optional name, customer or producer; double opt-in follows by mail. */
export function NewsletterForm() {
  const mutation = useSubscribeNewsletter();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const typeLegend = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<NewsletterSubscribeInput>({
    resolver: validation.resolver,
    defaultValues: { email: '', name: '', type: 'customer' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setOutcome({ state: 'idle' });
    try {
      const result = await mutation.mutateAsync(values);
      reset({ email: '', name: '', type: 'customer' });
      setOutcome({ state: 'success', message: result.message });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const fieldError of error.fieldErrors) {
          if (
            fieldError.field === 'email' ||
            fieldError.field === 'name' ||
            fieldError.field === 'type'
          ) {
            setError(fieldError.field, { message: fieldError.message });
          }
        }
      }
      setOutcome({
        state: 'error',
        message: newsletterErrorMessage(error),
        details: newsletterErrorDetails(error),
      });
    }
  });

  const submitting = mutation.isPending;

  return (
    <form
      method="post"
      onSubmit={onSubmit}
      onFocus={validation.prefetch}
      noValidate
      aria-busy={submitting}
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="E-Mail-Adresse"
          type="email"
          autoComplete="email"
          required
          maxLength={EMAIL_MAX}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Name"
          optional
          autoComplete="given-name"
          maxLength={NEWSLETTER_NAME_MAX}
          error={errors.name?.message}
          {...register('name')}
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
      <SubmitButton busy={submitting}>Newsletter abonnieren</SubmitButton>

      <div aria-live="polite">
        {outcome.state === 'success' && (
          <Alert tone="success" focusOnShow>
            {outcome.message}
          </Alert>
        )}
        {outcome.state === 'error' && (
          <Alert tone="error" focusOnShow title="Das hat leider nicht geklappt">
            <p>{outcome.message}</p>
            <details className="mt-2 text-sm">
              <summary className="cursor-pointer underline underline-offset-2">
                Technische Details
              </summary>
              <pre className="mt-2 overflow-x-auto whitespace-pre-wrap">{outcome.details}</pre>
            </details>
          </Alert>
        )}
      </div>
    </form>
  );
}
