import { FAQ_CATEGORIES } from '@housnkuh/shared/catalog';
import type { AdminFaq, FaqFormInput } from '@housnkuh/shared/schemas/admin-faq';
import { useId } from 'react';
import { FormTextAreaField, FormTextField } from '../../components/form/field';
import { SubmitOutcome } from '../../components/form/submit-outcome';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { SubmitButton } from '../../components/ui/button';
import { adminErrorMessage } from '../../lib/admin-api';
import { lazyZodResolver } from '../../lib/lazy-resolver';

const validation = lazyZodResolver<FaqFormInput>(
  async () => (await import('@housnkuh/shared/schemas/admin-faq')).faqFormSchema,
);

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
  const id = useId();
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
    <form {...formProps} className="space-y-4">
      <div>
        <label htmlFor={`${id}-category`} className="mb-1 block text-sm font-semibold">
          Kategorie
        </label>
        <select
          id={`${id}-category`}
          className="w-full rounded-lg border border-gray-400 bg-white px-3 py-2.5"
          {...form.register('category')}
        >
          {FAQ_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </div>
      <FormTextField form={form} name="question" label="Frage" maxLength={300} required />
      <FormTextAreaField form={form} name="answer" label="Antwort" max={5000} rows={5} required />
      <FormTextField
        form={form}
        name="keywords"
        label="Stichwörter für die Suche"
        hint="Durch Kommas getrennt, z. B. Parken, Auto"
        maxLength={900}
      />
      <div className="flex items-center gap-3">
        <input
          id={`${id}-active`}
          type="checkbox"
          className="h-5 w-5 accent-navy"
          {...form.register('isActive')}
        />
        <label htmlFor={`${id}-active`} className="font-semibold">
          Auf der Website zeigen
        </label>
      </div>
      <SubmitOutcome outcome={outcome} />
      <SubmitButton busy={busy} busyLabel="Wird gespeichert...">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
