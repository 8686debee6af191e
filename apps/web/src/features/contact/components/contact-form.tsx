import { CONTACT_LIMITS, EMAIL_MAX, PHONE_MAX } from '@housnkuh/shared/limits';
import type { ContactInput } from '@housnkuh/shared/schemas/contact';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { SubmitButton } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { contactErrorMessage, useSendContact } from '../api/send-contact';

const validation = lazyZodResolver<ContactInput>(
  async () => (await import('@housnkuh/shared/schemas/contact')).contactSchema,
);

const EMPTY: ContactInput = { name: '', email: '', phone: '', subject: '', message: '' };

type Outcome =
  { state: 'idle' } | { state: 'success'; message: string } | { state: 'error'; message: string };

export function ContactForm() {
  const mutation = useSendContact();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm<ContactInput>({ resolver: validation.resolver, defaultValues: EMPTY });
  const message = useWatch({ control, name: 'message' }) ?? '';

  const onSubmit = handleSubmit(async (values) => {
    setOutcome({ state: 'idle' });
    try {
      const result = await mutation.mutateAsync(values);
      reset(EMPTY);
      setOutcome({ state: 'success', message: result.message });
    } catch (error) {
      setOutcome({ state: 'error', message: contactErrorMessage(error) });
    }
  });
  const sending = mutation.isPending;

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
          <Alert tone="success" focusOnShow title="Nachricht gesendet">
            <p>{outcome.message}</p>
          </Alert>
        )}
        {outcome.state === 'error' && (
          <Alert tone="error" focusOnShow title="Die Nachricht wurde nicht gesendet">
            <p>{outcome.message}</p>
          </Alert>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          autoComplete="name"
          required
          maxLength={CONTACT_LIMITS.name}
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
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Telefon"
          type="tel"
          autoComplete="tel"
          optional
          maxLength={PHONE_MAX}
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label="Betreff"
          required
          maxLength={CONTACT_LIMITS.subject}
          error={errors.subject?.message}
          {...register('subject')}
        />
      </div>
      <TextAreaField
        label="Nachricht"
        required
        rows={7}
        maxLength={CONTACT_LIMITS.message}
        counter={{ length: message.length, max: CONTACT_LIMITS.message }}
        error={errors.message?.message}
        {...register('message')}
      />
      <p className="text-sm text-gray-700">
        Wir verwenden deine Angaben nur, um deine Anfrage zu beantworten. Mehr dazu in der{' '}
        <Link to="/datenschutz" className="font-semibold underline underline-offset-2">
          Datenschutzerklärung
        </Link>
        .
      </p>
      <SubmitButton busy={sending}>Nachricht senden</SubmitButton>
    </form>
  );
}
