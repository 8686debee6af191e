import { TAG_CATEGORIES, TAG_CATEGORY_LABELS, TAG_ICONS } from '@housnkuh/shared/catalog';
import type { AdminTag, CreateTagInput } from '@housnkuh/shared/schemas/admin-tags';
import { germanSlug } from '@housnkuh/shared/slug';
import { useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { FormSelectField } from '../../../components/form/select-field';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { SubmitButton } from '../../../components/ui/button';
import { adminErrorMessage } from '../../../lib/admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';

interface TagFormValues {
  name: string;
  category: string;
  icon: string;
  color: string;
  description: string;
}

const validation = lazyZodResolver<TagFormValues>(async () => {
  const { tagFormSchema } = await import('@housnkuh/shared/schemas/admin-tags');
  return tagFormSchema;
});

const ICON_LABELS: Record<string, string> = {
  apple: 'Apfel',
  beef: 'Fleisch',
  milk: 'Milch',
  croissant: 'Gebäck',
  hexagon: 'Wabe',
  egg: 'Ei',
  wine: 'Wein',
  cherry: 'Kirsche',
  leaf: 'Blatt',
  droplet: 'Tropfen',
  'cup-soda': 'Getränk',
  coffee: 'Kaffee',
  nut: 'Nuss',
  hammer: 'Hammer',
};

const KINDS = TAG_CATEGORIES.map((category) => ({
  value: category,
  label: TAG_CATEGORY_LABELS[category],
}));
const ICONS = [
  { value: '', label: 'Kein Symbol' },
  ...TAG_ICONS.map((icon) => ({ value: icon, label: ICON_LABELS[icon] ?? icon })),
];

export function toTagInput(values: TagFormValues): CreateTagInput {
  return {
    name: values.name,
    category: values.category as CreateTagInput['category'],
    icon: (values.icon || null) as CreateTagInput['icon'],
    color: values.color || null,
    description: values.description,
  };
}

/** Name (with the address it gets), kind, icon, colour and description of a tag. */
export function TagForm({
  tag,
  submitLabel,
  success,
  send,
}: {
  tag?: AdminTag;
  submitLabel: string;
  success: string;
  send: (input: CreateTagInput) => Promise<unknown>;
}) {
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation,
    defaultValues: {
      name: tag?.name ?? '',
      category: tag?.category ?? 'product',
      icon: tag?.icon ?? '',
      color: tag?.color ?? '',
      description: tag?.description ?? '',
    },
    submit: (values: TagFormValues) => send(toTagInput(values)),
    errorMessage: adminErrorMessage,
    successMessage: () => success,
    resetOnSuccess: !tag,
  });
  const name = useWatch({ control: form.control, name: 'name' });
  const slug = germanSlug(name ?? '');
  return (
    <Form formProps={formProps} className="grid gap-4 sm:grid-cols-2">
      <FormTextField
        form={form}
        name="name"
        label="Name"
        maxLength={60}
        required
        hint={slug ? `Adresse im Verzeichnis: ${slug}` : 'Die Adresse entsteht aus dem Namen.'}
      />
      <FormSelectField form={form} name="category" label="Art" options={KINDS} />
      <FormSelectField form={form} name="icon" label="Symbol" options={ICONS} />
      <FormTextField
        form={form}
        name="color"
        label="Farbe"
        hint="Im Format #RRGGBB, z. B. #2f7d32; leer: die Standardfarbe."
        maxLength={7}
      />
      <FormTextField
        form={form}
        name="description"
        label="Beschreibung"
        maxLength={300}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <SubmitOutcome outcome={outcome} />
        <SubmitButton busy={busy} busyLabel="Wird gespeichert..." className="mt-3">
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}
