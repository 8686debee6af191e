// The labels PDF (issue 25 "Labels", docs/decisions/0030): which products, how many of each,
// which format. GET /api/vendor-auth/products/labels.pdf?ids=<id>,<id>&counts=<n>,<n>&format=…
import { z } from './zod';

/** The label formats: a roll label of 50 × 30 mm, or an A4 sheet of 3 × 8 labels (70 × 37 mm). */
export const LABEL_FORMATS = ['rolle-50x30', 'a4-3x8'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

export const LABEL_FORMAT_NAMES: Record<LabelFormat, string> = {
  'rolle-50x30': 'Rollenetikett 50 × 30 mm (ein Etikett je Seite)',
  'a4-3x8': 'A4-Bogen mit 3 × 8 Etiketten (70 × 37 mm)',
};

/** The places on an A4 sheet (3 × 8): a partly used sheet starts at a later one. */
export const A4_SHEET_PLACES = 24;

/** At most this many labels of one product, and in one PDF. */
export const LABELS_PER_PRODUCT_MAX = 200;
export const LABELS_TOTAL_MAX = 500;
/** At most this many different products in one PDF. */
export const LABEL_PRODUCTS_MAX = 100;
/** At most this many label PDFs per producer in 10 minutes (rendering is the costly part). */
export const LABEL_PDFS_PER_10_MINUTES = 30;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const LABEL_MESSAGES = {
  ids: 'Bitte wähle mindestens ein Produkt für die Etiketten.',
  badId: 'Die Auswahl der Produkte ist ungültig.',
  tooManyProducts: `Du kannst höchstens ${LABEL_PRODUCTS_MAX} verschiedene Produkte auf einmal drucken.`,
  duplicate: 'Jedes Produkt darf nur einmal in der Auswahl stehen.',
  counts: `Die Anzahl je Produkt muss eine ganze Zahl von 1 bis ${LABELS_PER_PRODUCT_MAX} sein.`,
  countsLength: 'Gib für jedes ausgewählte Produkt genau eine Anzahl an.',
  total: `Ein PDF hat höchstens ${LABELS_TOTAL_MAX} Etiketten. Bitte teile deinen Druck auf.`,
  start: `Die Startposition muss eine ganze Zahl von 1 bis ${A4_SHEET_PLACES} sein (Etiketten zeilenweise von links oben gezählt).`,
  format: 'Bitte wähle das Format Rollenetikett (rolle-50x30) oder A4-Bogen (a4-3x8).',
  notFound: 'Produkt nicht gefunden.',
  tooMany: `Du kannst höchstens ${LABEL_PDFS_PER_10_MINUTES} Etiketten-PDFs in 10 Minuten erstellen. Bitte versuche es gleich noch einmal.`,
  busy: 'Gerade werden viele PDFs erstellt. Bitte versuche es in einer Minute noch einmal.',
  inactive: (name: string) =>
    `„${name}“ ist deaktiviert. Für deaktivierte Produkte gibt es keine Etiketten.`,
} as const;

function commaList(message: string) {
  return z
    .string({ error: message })
    .max(4000, { error: message })
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    );
}

/** The query of the labels PDF; a bad one is a 400 with one of LABEL_MESSAGES. */
export const labelsQuerySchema = z
  .object({
    ids: commaList(LABEL_MESSAGES.ids)
      .pipe(
        z
          .array(z.string().regex(UUID, { error: LABEL_MESSAGES.badId }))
          .min(1, { error: LABEL_MESSAGES.ids })
          .max(LABEL_PRODUCTS_MAX, { error: LABEL_MESSAGES.tooManyProducts }),
      )
      .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, {
        error: LABEL_MESSAGES.duplicate,
      }),
    // without counts: one label of each product
    counts: commaList(LABEL_MESSAGES.counts)
      .pipe(
        z.array(
          z
            .string()
            .regex(/^\d{1,3}$/, { error: LABEL_MESSAGES.counts })
            .transform(Number)
            .pipe(
              z
                .number()
                .int()
                .min(1, { error: LABEL_MESSAGES.counts })
                .max(LABELS_PER_PRODUCT_MAX, { error: LABEL_MESSAGES.counts }),
            ),
        ),
      )
      .optional(),
    format: z.enum(LABEL_FORMATS, { error: LABEL_MESSAGES.format }).default('rolle-50x30'),
    /** A4: the first free place of a partly used sheet (1 = top left, row by row). */
    start: z
      .string({ error: LABEL_MESSAGES.start })
      .regex(/^\d{1,2}$/, { error: LABEL_MESSAGES.start })
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(1, { error: LABEL_MESSAGES.start })
          .max(A4_SHEET_PLACES, { error: LABEL_MESSAGES.start }),
      )
      .optional(),
  })
  .transform((query, context) => {
    const counts = query.counts ?? query.ids.map(() => 1);
    if (counts.length !== query.ids.length) {
      context.addIssue({ code: 'custom', path: ['counts'], message: LABEL_MESSAGES.countsLength });
      return z.NEVER;
    }
    if (counts.reduce((sum, count) => sum + count, 0) > LABELS_TOTAL_MAX) {
      context.addIssue({ code: 'custom', path: ['counts'], message: LABEL_MESSAGES.total });
      return z.NEVER;
    }
    return {
      format: query.format,
      // a roll has no used places
      start: query.format === 'a4-3x8' ? (query.start ?? 1) : 1,
      items: query.ids.map((id, index) => ({ id: id.toLowerCase(), count: counts[index]! })),
    };
  });
export type LabelsQuery = z.output<typeof labelsQuerySchema>;

/** The link of the labels PDF for a choice of products (the web page builds it with this). */
export function labelsPdfPath(
  items: { id: string; count: number }[],
  format: LabelFormat,
  start = 1,
): string {
  const ids = items.map((item) => item.id).join(',');
  const counts = items.map((item) => item.count).join(',');
  const from = format === 'a4-3x8' && start > 1 ? `&start=${start}` : '';
  return `/vendor-auth/products/labels.pdf?ids=${ids}&counts=${counts}&format=${format}${from}`;
}

/**
 * The labels page's form: a count for each listed product (empty: none), and the format. Its
 * output is the choice that labelsPdfPath turns into the PDF's link.
 */
export const labelsFormSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        count: z
          .string()
          .trim()
          .refine(
            (value) =>
              value === '' ||
              (/^\d{1,3}$/.test(value) &&
                Number(value) >= 0 &&
                Number(value) <= LABELS_PER_PRODUCT_MAX),
            { error: `Bitte eine ganze Zahl von 0 bis ${LABELS_PER_PRODUCT_MAX}.` },
          ),
      }),
    ),
    format: z.enum(LABEL_FORMATS, { error: 'Bitte wähle ein Format.' }),
    /** A4 only: the first free place, '' = 1 */
    start: z
      .string()
      .trim()
      .refine(
        (value) =>
          value === '' ||
          (/^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= A4_SHEET_PLACES),
        { error: `Bitte eine ganze Zahl von 1 bis ${A4_SHEET_PLACES}.` },
      )
      .optional(),
  })
  .transform((values, context) => {
    const items = values.items
      .map((item) => ({ id: item.id, count: Number(item.count || '0') }))
      .filter((item) => item.count > 0);
    if (items.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['items'],
        message: 'Bitte gib bei mindestens einem Produkt an, wie viele Etiketten du brauchst.',
      });
      return z.NEVER;
    }
    if (items.length > LABEL_PRODUCTS_MAX) {
      context.addIssue({
        code: 'custom',
        path: ['items'],
        message: LABEL_MESSAGES.tooManyProducts,
      });
      return z.NEVER;
    }
    if (items.reduce((sum, item) => sum + item.count, 0) > LABELS_TOTAL_MAX) {
      context.addIssue({ code: 'custom', path: ['items'], message: LABEL_MESSAGES.total });
      return z.NEVER;
    }
    const start = values.format === 'a4-3x8' && values.start ? Number(values.start) : 1;
    return { items, format: values.format, start };
  });
export type LabelsFormOutput = z.output<typeof labelsFormSchema>;
