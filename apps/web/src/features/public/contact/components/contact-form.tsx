import { CONTACT_LIMITS } from '@housnkuh/shared/limits';
import type { ContactInput } from '@housnkuh/shared/schemas/contact';
import { Link } from 'react-router';
import {
  FormEmailField,
  FormNameField,
  FormPhoneField,
  FormTextAreaField,
  FormTextField,
} from '../../../../components/form/field';
import { Form } from '../../../../components/form/form';
import { SubmitOutcome } from '../../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../../components/form/use-schema-form';
import { SubmitButton } from '../../../../components/ui/button';
import { lazyZodResolver } from '../../../../lib/lazy-resolver';
import { contactErrorMessage, useSendContact } from '../api/send-contact';

const validation = lazyZodResolver<ContactInput>(
  async () => (await import('@housnkuh/shared/schemas/contact')).contactSchema,
);

const EMPTY: ContactInput = { name: '', email: '', phone: '', subject: '', message: '' };

export function ContactForm() {
  const mutation = useSendContact();
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation,
    defaultValues: EMPTY,
    submit: mutation.mutateAsync,
    pending: mutation.isPending,
    errorMessage: contactErrorMessage,
    resetOnSuccess: true,
  });

  return (
    <Form formProps={formProps} className="space-y-4">
      <SubmitOutcome
        outcome={outcome}
        successTitle="Nachricht gesendet"
        errorTitle="Die Nachricht wurde nicht gesendet"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormNameField form={form} name="name" maxLength={CONTACT_LIMITS.name} />
        <FormEmailField form={form} name="email" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormPhoneField form={form} name="phone" />
        <FormTextField
          form={form}
          name="subject"
          label="Betreff"
          required
          maxLength={CONTACT_LIMITS.subject}
        />
      </div>
      <FormTextAreaField
        form={form}
        name="message"
        label="Nachricht"
        required
        rows={7}
        max={CONTACT_LIMITS.message}
      />
      <p className="text-sm text-gray-700">
        Wir verwenden deine Angaben nur, um deine Anfrage zu beantworten. Mehr dazu in der{' '}
        <Link to="/datenschutz" className="font-semibold underline underline-offset-2">
          Datenschutzerklärung
        </Link>
        .
      </p>
      <SubmitButton busy={busy}>Nachricht senden</SubmitButton>
    </Form>
  );
}
