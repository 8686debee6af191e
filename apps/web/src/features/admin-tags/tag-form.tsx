import { TAG_CATEGORIES, TAG_CATEGORY_LABELS, TAG_ICONS } from '@housnkuh/shared/catalog';
import type { AdminTag, CreateTagInput } from '@housnkuh/shared/schemas/admin-tags';
import { germanSlug } from '@housnkuh/shared/slug';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { FormTextField } from '../../components/form/field';
import { SubmitOutcome } from '../../components/form/submit-outcome';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { SubmitButton } from '../../components/ui/button';
import { adminErrorMessage } from '../../lib/admin-api';
import { lazyZodResolver } from '../../lib/lazy-resolver';

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
  const id = useId();
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
  const select = 'w-full rounded-lg border border-gray-400 bg-white px-3 py-2.5';
  return (
    <form {...formProps} className="grid gap-4 sm:grid-cols-2">
      <FormTextField
        form={form}
        name="name"
        label="Name"
        maxLength={60}
        required
        hint={slug ? `Adresse im Verzeichnis: ${slug}` : 'Die Adresse entsteht aus dem Namen.'}
      />
      <div>
        <label htmlFor={`${id}-category`} className="mb-1 block text-sm font-semibold">
          Art
        </label>
        <select id={`${id}-category`} className={select} {...form.register('category')}>
          {TAG_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {TAG_CATEGORY_LABELS[category]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-icon`} className="mb-1 block text-sm font-semibold">
          Symbol
        </label>
        <select id={`${id}-icon`} className={select} {...form.register('icon')}>
          <option value="">Kein Symbol</option>
          {TAG_ICONS.map((icon) => (
            <option key={icon} value={icon}>
              {ICON_LABELS[icon] ?? icon}
            </option>
          ))}
        </select>
      </div>
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
    </form>
  );
}
