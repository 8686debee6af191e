import { CONTEST_LIMITS, EMAIL_MAX, PHONE_MAX } from '@housnkuh/shared/limits';
import type { ContestEntryInput } from '@housnkuh/shared/schemas/contest';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { SubmitButton } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { contestErrorMessage, useSubmitContestEntry } from '../api/submit-entry';

const validation = lazyZodResolver<ContestEntryInput>(
  async () => (await import('@housnkuh/shared/schemas/contest')).contestEntrySchema,
);

const EMPTY: ContestEntryInput = { name: '', email: '', phone: '', guessedVendors: ['', '', ''] };

type Outcome =
  { state: 'idle' } | { state: 'success'; message: string } | { state: 'error'; message: string };

export function ContestForm() {
  const mutation = useSubmitContestEntry();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ContestEntryInput>({
    resolver: validation.resolver,
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    setOutcome({ state: 'idle' });
    try {
      const result = await mutation.mutateAsync(values);
      reset(EMPTY);
      setOutcome({ state: 'success', message: result.message });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const fieldError of error.fieldErrors) {
          if (fieldError.field === 'email') setError('email', { message: fieldError.message });
        }
      }
      setOutcome({ state: 'error', message: contestErrorMessage(error) });
    }
  });
  const sending = mutation.isPending;
  const guessErrors = errors.guessedVendors;

  return (
    <form
      method="post"
      onSubmit={onSubmit}
      onFocus={validation.prefetch}
      noValidate
      aria-busy={sending}
      className="space-y-4"
    >
      <div aria-live="polite">
        {outcome.state === 'success' && (
          <Alert tone="success" focusOnShow title="Du bist dabei!">
            <p>{outcome.message}</p>
          </Alert>
        )}
        {outcome.state === 'error' && (
          <Alert tone="error" focusOnShow title="Die Teilnahme hat nicht geklappt">
            <p>{outcome.message}</p>
          </Alert>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          autoComplete="name"
          required
          maxLength={CONTEST_LIMITS.name}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="E-Mail-Adresse"
          type="email"
          autoComplete="email"
          required
          maxLength={EMAIL_MAX}
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <TextField
        label="Telefon"
        type="tel"
        autoComplete="tel"
        optional
        maxLength={PHONE_MAX}
        className="sm:w-1/2 sm:pr-2"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <fieldset className="space-y-3 rounded-xl border border-sand p-4">
        <legend className="px-1 font-semibold">Deine drei Tipps</legend>
        <p className="text-sm text-gray-700">
          Welche drei Direktvermarkter sind bei der Eröffnung dabei? Ein Name je Feld genügt, zum
          Beispiel „Hofladen Müller“ oder „Imkerei aus Küps“.
        </p>
        {[0, 1, 2].map((index) => (
          <TextField
            key={index}
            label={`Direktvermarkter ${index + 1}`}
            required
            maxLength={CONTEST_LIMITS.guess}
            error={
              guessErrors?.[index]?.message ?? (index === 0 ? guessErrors?.message : undefined)
            }
            {...register(`guessedVendors.${index}` as const)}
          />
        ))}
      </fieldset>
      <SubmitButton busy={sending}>Teilnehmen</SubmitButton>
    </form>
  );
}
