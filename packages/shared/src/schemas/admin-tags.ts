import { TAG_CATEGORIES, TAG_ICONS } from '../catalog';
import { z } from './zod';
import { optionalLine, plainText, requiredLine, successResponse } from './common';
import { publicTagSchema } from './directory';

/** /api/admin/tags: the product tags of the directory and the map. */

export const TAG_MESSAGES = {
  name: 'Bitte gib einen Namen ein.',
  category: 'Bitte wähle eine Art.',
  icon: 'Bitte wähle ein Symbol aus der Liste.',
  color: 'Bitte eine Farbe im Format #RRGGBB angeben, z. B. #2f7d32.',
  slugEmpty:
    'Aus diesem Namen lässt sich keine Adresse bilden. Bitte verwende Buchstaben oder Ziffern.',
  slugTaken: (slug: string) => `Einen Tag mit der Adresse „${slug}“ gibt es schon.`,
  notFound: 'Diesen Tag gibt es nicht (mehr).',
  nothingToChange: 'Bitte gib an, was geändert werden soll.',
  inUse: (count: number) =>
    `Dieser Tag ist bei ${count === 1 ? 'einem Direktvermarkter' : `${count} Direktvermarktern`} eingetragen. Bitte bestätige, dass er bei ${count === 1 ? 'ihm' : 'allen'} entfernt wird.`,
} as const;

/** A tag as the directory shows it, with how many producers carry it. */
export const adminTagSchema = publicTagSchema.extend({
  vendorCount: z.number(),
});
export type AdminTag = z.infer<typeof adminTagSchema>;

export const adminTagsResponseSchema = successResponse({
  tags: z.array(adminTagSchema),
});
export const adminTagResponseSchema = successResponse({ tag: adminTagSchema });

const fields = {
  name: requiredLine(TAG_MESSAGES.name, 60),
  category: z.enum(TAG_CATEGORIES, { error: TAG_MESSAGES.category }),
  icon: z.enum(TAG_ICONS, { error: TAG_MESSAGES.icon }).nullable(),
  color: z
    .string({ error: TAG_MESSAGES.color })
    .regex(/^#[0-9a-fA-F]{6}$/, { error: TAG_MESSAGES.color })
    .transform((value) => value.toLowerCase())
    .nullable(),
  description: optionalLine(300),
};

export const createTagSchema = z.strictObject({
  name: fields.name,
  category: fields.category.default('product'),
  icon: fields.icon.default(null),
  color: fields.color.default(null),
  description: fields.description,
});
export type CreateTagInput = z.input<typeof createTagSchema>;

export const updateTagSchema = z
  .strictObject({
    name: fields.name.optional(),
    category: fields.category.optional(),
    icon: fields.icon.optional(),
    color: fields.color.optional(),
    description: fields.description,
  })
  .refine((data) => Object.values(data).some((value) => value !== undefined), {
    error: TAG_MESSAGES.nothingToChange,
  });
export type UpdateTagInput = z.input<typeof updateTagSchema>;

/** DELETE /api/admin/tags/:id?confirm=<vendorCount>: the number the admin confirmed. */
export const deleteTagQuerySchema = z.object({
  confirm: z.coerce
    .number({ error: 'Ungültige Bestätigung' })
    .int()
    .min(0)
    .max(1_000_000)
    .optional(),
});

/** The form: every field a string; empty icon or colour means none. */
export const tagFormSchema = z.object({
  name: fields.name,
  category: fields.category,
  icon: z.union([z.literal(''), z.enum(TAG_ICONS, { error: TAG_MESSAGES.icon })]),
  color: z.union(
    [z.literal(''), z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: TAG_MESSAGES.color })],
    { error: TAG_MESSAGES.color },
  ),
  description: plainText(z.string().trim()).max(300, { error: 'Höchstens 300 Zeichen' }),
});
