import { z } from './zod';
import { optionalText, plainText, requiredLine, successResponse } from './common';
import { VALIDATION } from '../messages';
import { pageQuery, paginationSchema } from './admin';
import { compactEan, ean13CheckDigit, IN_STORE_EAN_PREFIX } from '../ean';
import { CONTENT_MEASURES, contentInThousandths, SELLING_UNITS } from '../products';
import { percentToBasisPoints } from '../vat';
import { INVENTORY_MESSAGES, productStockFields } from './inventory';

/**
 * /api/vendor-auth/products and /api/admin/products: a producer's articles (docs/product/money.md,
 * docs/decisions/0029). The API speaks percent (vatRate 7.8) and a content amount with its
 * measure (inhalt 0.5, inhaltEinheit 'l'); the table keeps basis points and thousandths.
 */

export const PRODUCT_LIMITS = {
  name: 120,
  beschreibung: 1000,
  /** 9.999,99 € per selling unit */
  priceCents: 999_999,
  /** 100000 of a measure (100 t, 100 000 l): far above any shelf's article */
  inhalt: 100_000,
} as const;

export const PRODUCT_MESSAGES = {
  name: 'Bitte gib den Namen des Produkts ein.',
  price: 'Bitte gib den Preis in Euro ein, z. B. 4,50.',
  priceRange: 'Der Preis muss zwischen 0,01 € und 9.999,99 € liegen.',
  unit: 'Bitte wähle die Verkaufseinheit (z. B. Stück, Glas, kg).',
  vatRate: 'Bitte wähle den Mehrwertsteuersatz.',
  vatRateNotYours: (allowed: string) =>
    `Dieser Mehrwertsteuersatz passt nicht zu deinem Steuerstatus. Möglich: ${allowed}.`,
  vatRateNotInForce: (allowed: string) =>
    `Diesen Mehrwertsteuersatz gibt es nicht. Möglich: ${allowed}.`,
  taxStatusMissing:
    'Bitte gib zuerst in deinen Geschäftsdaten an, wie du Umsatzsteuer abrechnest (regelbesteuert, Kleinunternehmer oder pauschalierender Landwirt). Danach kannst du Produkte anlegen.',
  inhalt: 'Bitte gib den Inhalt als Zahl ein, z. B. 250 oder 0,5.',
  inhaltRange: 'Der Inhalt muss größer als 0 sein und darf höchstens drei Nachkommastellen haben.',
  inhaltEinheit: 'Bitte wähle die Maßeinheit des Inhalts (g, kg, ml oder l).',
  contentPair:
    'Bitte gib den Inhalt und seine Maßeinheit zusammen an (z. B. 250 g) – oder lass beides leer.',
  eanFormat: 'Eine EAN hat 13 Ziffern. Bitte prüf die Nummer auf der Verpackung.',
  eanCheckDigit: (expected: number) =>
    `Die Prüfziffer der EAN stimmt nicht: Die letzte Ziffer müsste ${expected} sein. Bitte prüf die Nummer.`,
  eanInStorePrefix:
    'EANs, die mit 20 beginnen, vergibt der Laden selbst. Lass das Feld leer, dann bekommst du so eine Nummer automatisch.',
  depositEan:
    'Bitte gib die EAN des Pfands an, wie die Kasse es bonniert (Ziffern, Buchstaben, Bindestrich; höchstens 40 Zeichen).',
  depositCents: 'Bitte gib den Pfandbetrag an: 0,01 € bis 100,00 € (1 bis 10.000 Cent).',
  eanTaken: 'Diese EAN ist im Laden schon vergeben. Jede EAN darf nur zu einem Produkt gehören.',
  eanFixed:
    'Die EAN kann nach dem Anlegen nicht mehr geändert werden. Ist sie falsch, deaktiviere das Produkt und leg es neu an.',
  notFound: 'Dieses Produkt gibt es nicht (mehr).',
  created: 'Das Produkt ist angelegt.',
  saved: 'Das Produkt ist gespeichert.',
  deactivated: 'Das Produkt ist deaktiviert. Es bleibt mit seiner EAN erhalten.',
  activated: 'Das Produkt ist wieder aktiv.',
} as const;

/** '0,5' or 0.5 → 0.5; blank → null; text that is no number → NaN (refused below). */
function numberOrText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return null;
  return /^\d+(?:[.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
}

const priceField = z
  .number({ error: PRODUCT_MESSAGES.price })
  .int({ error: PRODUCT_MESSAGES.price })
  .min(1, { error: PRODUCT_MESSAGES.priceRange })
  .max(PRODUCT_LIMITS.priceCents, { error: PRODUCT_MESSAGES.priceRange });

const unitField = z.enum(SELLING_UNITS, { error: PRODUCT_MESSAGES.unit });

/** The percent (7, 19, 7.8, 0; '7,8' from a form's select); whether it fits is the server's check. */
const vatRateField = z.preprocess(
  numberOrText,
  z
    .number({ error: PRODUCT_MESSAGES.vatRate })
    .refine((value) => percentToBasisPoints(value) !== null, { error: PRODUCT_MESSAGES.vatRate }),
);

const inhaltField = z.preprocess(
  numberOrText,
  z
    .number({ error: PRODUCT_MESSAGES.inhalt })
    .refine((value) => Number.isFinite(value), { error: PRODUCT_MESSAGES.inhalt, abort: true })
    .refine((value) => value <= PRODUCT_LIMITS.inhalt && contentInThousandths(value) !== null, {
      error: PRODUCT_MESSAGES.inhaltRange,
    })
    .nullable()
    .optional(),
);

const inhaltEinheitField = z.preprocess(
  (value) => (value === '' ? null : value),
  z.enum(CONTENT_MEASURES, { error: PRODUCT_MESSAGES.inhaltEinheit }).nullable().optional(),
);

/** The producer's own GTIN-13: spaces and dashes dropped, 13 digits, check digit, not 20…. */
const eanField = z.preprocess(
  (value) => (typeof value === 'string' ? compactEan(value) || undefined : value),
  z
    .string({ error: PRODUCT_MESSAGES.eanFormat })
    .superRefine((value, context) => {
      if (!/^\d{13}$/.test(value)) {
        context.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.eanFormat });
        return;
      }
      const expected = ean13CheckDigit(value.slice(0, 12));
      if (expected !== Number(value[12])) {
        context.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.eanCheckDigit(expected) });
        return;
      }
      if (value.startsWith(IN_STORE_EAN_PREFIX)) {
        context.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.eanInStorePrefix });
      }
    })
    .nullable()
    .optional(),
);

const bothOrNeither = (value: { inhalt?: number | null; inhaltEinheit?: string | null }) =>
  (value.inhalt == null) === (value.inhaltEinheit == null);

/** A product's deposit (Pfand): the EAN the till rings it up with and its gross amount. */
const depositField = z
  .strictObject(
    {
      ean: z
        .string({ error: PRODUCT_MESSAGES.depositEan })
        .trim()
        .regex(/^[0-9A-Za-z-]{1,40}$/, { error: PRODUCT_MESSAGES.depositEan }),
      cents: z
        .number({ error: PRODUCT_MESSAGES.depositCents })
        .int({ error: PRODUCT_MESSAGES.depositCents })
        .min(1, { error: PRODUCT_MESSAGES.depositCents })
        .max(10_000, { error: PRODUCT_MESSAGES.depositCents }),
    },
    { error: PRODUCT_MESSAGES.depositEan },
  )
  .nullable()
  .optional();

/** POST /api/vendor-auth/products */
export const productCreateSchema = z
  .strictObject({
    name: requiredLine(PRODUCT_MESSAGES.name, PRODUCT_LIMITS.name),
    priceCents: priceField,
    unit: unitField,
    vatRate: vatRateField,
    ean: eanField,
    beschreibung: optionalText(PRODUCT_LIMITS.beschreibung),
    inhalt: inhaltField,
    inhaltEinheit: inhaltEinheitField,
    /** The deposit the product carries (the till's deposit EAN, gross cents); optional. */
    deposit: depositField,
  })
  .refine(bothOrNeither, { error: PRODUCT_MESSAGES.contentPair, path: ['inhaltEinheit'] });
export type ProductCreateInput = z.output<typeof productCreateSchema>;

/**
 * PATCH /api/vendor-auth/products/:id and /api/admin/products/:id: the fields sent are changed;
 * `isActive: false` deactivates, `true` activates again. The EAN is fixed once the product exists.
 * Content: send inhalt and inhaltEinheit together (null and null removes it).
 */
const restockLevelField = z
  .number({ error: INVENTORY_MESSAGES.restockLevel })
  .refine(
    (value) =>
      Number.isFinite(value) &&
      value >= 0 &&
      value <= 100_000 &&
      Math.abs(Math.round(value * 1000) - value * 1000) < 1e-6,
    { error: INVENTORY_MESSAGES.restockLevel },
  )
  .nullable()
  .optional();

export const productUpdateSchema = z
  .strictObject({
    name: requiredLine(PRODUCT_MESSAGES.name, PRODUCT_LIMITS.name).optional(),
    priceCents: priceField.optional(),
    unit: unitField.optional(),
    vatRate: vatRateField.optional(),
    ean: z.never({ error: PRODUCT_MESSAGES.eanFixed }).optional(),
    // null or blank removes it; not sent leaves it
    beschreibung: z.preprocess(
      (value) => (value === '' ? null : value),
      plainText(
        z.string({ error: VALIDATION.tooLong(PRODUCT_LIMITS.beschreibung) }).trim(),
        'multi-line',
      )
        .max(PRODUCT_LIMITS.beschreibung, {
          error: VALIDATION.tooLong(PRODUCT_LIMITS.beschreibung),
        })
        .nullable()
        .optional(),
    ),
    inhalt: inhaltField,
    inhaltEinheit: inhaltEinheitField,
    isActive: z
      .boolean({ error: 'Bitte gib an, ob das Produkt aktiv ist (ja oder nein).' })
      .optional(),
    /** The deposit the product carries (the till's deposit EAN, gross cents); null removes it. */
    deposit: depositField,
    /** The automated inventory keeps its stock (issue 33); a first delivery switches it on. */
    stockTracked: z
      .boolean({ error: 'Bitte gib an, ob der Bestand geführt wird (ja oder nein).' })
      .optional(),
    /** Restock levels in the product's unit (null: none): the notice comes at that stock. */
    restockLevel: restockLevelField,
    storeRoomRestockLevel: restockLevelField,
  })
  .refine(
    (value) =>
      (value.inhalt === undefined) === (value.inhaltEinheit === undefined) && bothOrNeither(value),
    {
      error: PRODUCT_MESSAGES.contentPair,
      path: ['inhaltEinheit'],
    },
  );
export type ProductUpdateInput = z.output<typeof productUpdateSchema>;

export const PRODUCT_SORTS = ['name', 'newest', 'price'] as const;
export const PRODUCT_SORT_LABELS: Record<(typeof PRODUCT_SORTS)[number], string> = {
  name: 'Name (A–Z)',
  newest: 'Neueste zuerst',
  price: 'Preis (aufsteigend)',
};

const flag = z
  .enum(['true', 'false'], { error: 'Bitte „true“ oder „false“.' })
  .transform((value) => value === 'true');
const searchField = plainText(z.string().trim())
  .max(100, { error: 'Höchstens 100 Zeichen' })
  .optional();

/** GET /api/vendor-auth/products: search in name and EAN (`search`, or `q`), sort, page. */
export const productQuerySchema = z.object({
  ...pageQuery,
  search: searchField,
  q: searchField,
  sort: z.enum(PRODUCT_SORTS, { error: 'Unbekannte Sortierung' }).default('name'),
  active: flag.optional(),
});
export type ProductQuery = z.output<typeof productQuerySchema>;

/** GET /api/admin/products: also by producer (name, or its id) over every producer. */
export const adminProductQuerySchema = productQuerySchema.extend({
  vendorId: z.string().max(100).optional(),
});
export type AdminProductQuery = z.output<typeof adminProductQuerySchema>;

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  beschreibung: z.string().nullable(),
  priceCents: z.number(),
  unit: z.string(),
  /** Percent: 7, 19, 7.8, 0 */
  vatRate: z.number(),
  ean: z.string(),
  /** The shop assigned the number (prefix 20). */
  eanInStore: z.boolean(),
  isActive: z.boolean(),
  inhalt: z.number().nullable(),
  inhaltEinheit: z.enum(CONTENT_MEASURES).nullable(),
  /** PAngV: the price per 1 kg or 1 l, when the content is known. */
  basePrice: z.object({ cents: z.number(), per: z.enum(['1 kg', '1 l']) }).nullable(),
  /** The deposit the product carries (docs/decisions/0046), or none. */
  deposit: z.object({ ean: z.string(), cents: z.number() }).nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  ...productStockFields,
});
export type Product = z.infer<typeof productSchema>;

export const vatChoiceSchema = z.object({ vatRate: z.number(), label: z.string() });
export type VatChoice = z.infer<typeof vatChoiceSchema>;

export const productsResponseSchema = successResponse({
  products: z.array(productSchema),
  pagination: paginationSchema,
  /** The producer's tax status (null: not given yet, no product can be created) and its rates today. */
  taxStatus: z.string().nullable(),
  vatRates: z.array(vatChoiceSchema),
});

export const productResponseSchema = successResponse({
  message: z.string().optional(),
  product: productSchema,
});

export const adminProductSchema = productSchema.extend({
  vendorId: z.string(),
  vendorName: z.string(),
  vendorUnternehmen: z.string().nullable(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminProductsResponseSchema = successResponse({
  products: z.array(adminProductSchema),
  pagination: paginationSchema,
  /** Every rate in force today, for the admin's correction. */
  vatRates: z.array(vatChoiceSchema),
});

export const adminProductResponseSchema = successResponse({
  message: z.string().optional(),
  product: adminProductSchema,
});
