import { FAQ_CATEGORIES } from '@housnkuh/shared/catalog';
import type { AdminFaq, FaqFormInput } from '@housnkuh/shared/schemas/admin-faq';
import { FormCheckboxField } from '../../../components/form/choice-fields';
import { FormTextAreaField, FormTextField } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { FormSelectField } from '../../../components/form/select-field';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { SubmitButton } from '../../../components/ui/button';
import { adminErrorMessage } from '../../../lib/admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';

const validation = lazyZodResolver<FaqFormInput>(
  async () => (await import('@housnkuh/shared/schemas/admin-faq')).faqFormSchema,
);

const CATEGORIES = FAQ_CATEGORIES.map((category) => ({ value: category, label: category }));

export function toFaqInput(values: FaqFormInput) {
  return {
    category: values.category,
    question: values.question,
    answer: values.answer,
    keywords: values.keywords
      .split(',')
      .map((word) => word.trim())
      .filter(Boolean),
    isActive: values.isActive,
  };
}

/** Create or edit one question: category, question, answer, keywords, shown or not. */
export function FaqForm({
  faq,
  submitLabel,
  send,
  success,
}: {
  faq?: AdminFaq;
  submitLabel: string;
  send: (input: ReturnType<typeof toFaqInput>) => Promise<unknown>;
  success: string;
}) {
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation,
    defaultValues: {
      category: (faq?.category as FaqFormInput['category'] | undefined) ?? 'Allgemein',
      question: faq?.question ?? '',
      answer: faq?.answer ?? '',
      keywords: faq?.keywords.join(', ') ?? '',
      isActive: faq?.isActive ?? true,
    },
    submit: (values: FaqFormInput) => send(toFaqInput(values)),
    errorMessage: adminErrorMessage,
    successMessage: () => success,
    resetOnSuccess: !faq,
  });
  return (
    <Form formProps={formProps} className="space-y-4">
      <FormSelectField form={form} name="category" label="Kategorie" options={CATEGORIES} />
      <FormTextField form={form} name="question" label="Frage" maxLength={300} required />
      <FormTextAreaField form={form} name="answer" label="Antwort" max={5000} rows={5} required />
      <FormTextField
        form={form}
        name="keywords"
        label="Stichwörter für die Suche"
        hint="Durch Kommas getrennt, z. B. Parken, Auto"
        maxLength={900}
      />
      <FormCheckboxField
        form={form}
        name="isActive"
        label={<span className="font-semibold">Auf der Website zeigen</span>}
      />
      <SubmitOutcome outcome={outcome} />
      <SubmitButton busy={busy} busyLabel="Wird gespeichert...">
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
