import { z } from './zod';
import { chosenFile, plainText, requiredLine, successResponse } from './common';
import { pageQuery, paginationSchema } from './admin';

/** The till: its keys, its product list and the receipt lines it sold (docs/decisions/0031). */

export const SALES_MESSAGES = {
  keyName: 'Bitte gib dem Schlüssel einen Namen.',
  keyNotFound: 'Diesen Kassenschlüssel gibt es nicht.',
  keyRevoked: (name: string) => `Der Kassenschlüssel „${name}“ ist gesperrt.`,
  keyCreated: (name: string) => `Kassenschlüssel „${name}“ angelegt.`,
  noValidKey: 'Kein gültiger Kassenschlüssel.',
  lineNotFound: 'Diese Verkaufszeile gibt es nicht.',
  alreadyAssigned: 'Diese Verkaufszeile ist schon zugeordnet.',
  productNotFound: 'Dieses Produkt gibt es nicht.',
  /** What the admin's answer did, said as what happened (never "zugeordnet" for no sale). */
  markedNoSale: (count: number) =>
    count === 1
      ? 'Als „kein Verkauf“ erfasst: Die Zeile wird nicht abgerechnet.'
      : `${count.toLocaleString('de-DE')} Zeilen als „kein Verkauf“ erfasst: Sie werden nicht abgerechnet.`,
  markedOwnSale: (count: number, rate: string) =>
    count === 1
      ? `Als eigener Verkauf des Ladens (${rate}) erfasst.`
      : `${count.toLocaleString('de-DE')} Zeilen als eigener Verkauf des Ladens (${rate}) erfasst.`,
  assignedMany: (count: number, product: string) =>
    count === 1
      ? `Verkauf dem Produkt „${product}“ zugeordnet.`
      : `${count.toLocaleString('de-DE')} Verkäufe dem Produkt „${product}“ zugeordnet.`,
  assignedManyToClarify: (waiting: number) =>
    waiting === 1
      ? 'Eine Zeile hat einen Steuersatz, der nicht zum Steuerstatus des Direktvermarkters passt: Sie wartet unter „Zu klären“.'
      : `${waiting.toLocaleString('de-DE')} Zeilen haben einen Steuersatz, der nicht zum Steuerstatus des Direktvermarkters passt: Sie warten unter „Zu klären“.`,
  depositNoSale:
    'Pfand ist kein „kein Verkauf“: Es gehört zum Verkauf des Direktvermarkters, dem die Flasche oder das Glas gehört. Bitte ordne es dem Produkt zu.',
  bulkLines: 'Bitte wähle 1 bis 100 Zeilen.',
  bulkLineNotWaiting: (count: number) =>
    count === 1
      ? 'Eine der gewählten Zeilen wartet nicht mehr auf eine Zuordnung; bitte lade die Liste neu.'
      : `${count.toLocaleString('de-DE')} der gewählten Zeilen warten nicht mehr auf eine Zuordnung; bitte lade die Liste neu.`,
  csvEmpty: 'Die Datei ist leer.',
  importJobStarted: (lines: number) =>
    `Große Datei (${lines.toLocaleString('de-DE')} Zeilen): Der Import läuft im Hintergrund.`,
  importJobJoined: 'Diese Datei wird gerade schon importiert: Du siehst den laufenden Import.',
  importJobNotFound: 'Diesen Import gibt es nicht.',
  importJobQueued: 'Der Import wartet auf den Start.',
  importJobProgress: (done: number, total: number) =>
    `Import läuft: ${done.toLocaleString('de-DE')} von ${total.toLocaleString('de-DE')} Zeilen gelesen.`,
  importJobDone: 'Import abgeschlossen.',
  importJobFailed:
    'Der Import ist abgebrochen. Die bis dahin gelesenen Zeilen sind gespeichert; lade die Datei noch einmal hoch, schon importierte Zeilen werden übersprungen.',
  importJobGaveUp:
    'Der Import wurde mehrmals unterbrochen (Neustart des Servers) und deshalb beendet. Die bis dahin gelesenen Zeilen sind gespeichert; lade die Datei noch einmal hoch, schon importierte Zeilen werden übersprungen.',
  tooManyLines:
    'Höchstens 10.000 Zeilen auf einmal; bitte die Belege auf mehrere Sendungen verteilen.',
  csvHeader:
    'Die erste Zeile muss lauten: beleg;position;zeitpunkt;ean;artikel;menge;einzelpreis_brutto;mwst_satz (optional ;betrag_brutto).',
  clarifyNotWaiting: 'Diese Verkaufszeile wartet auf keinen Steuersatz.',
  clarifyNoStatus: 'Für diesen Direktvermarkter ist kein Steuerstatus erfasst.',
  clarifyRate: 'Bitte wähle den Steuersatz (z. B. 7 oder 19).',
  clarifyRateNotAllowed: (rate: string, allowed: string) =>
    `Der Steuersatz ${rate} passt nicht zum Steuerstatus des Direktvermarkters am Verkaufstag (erlaubt: ${allowed}).`,
  clarified: (rate: string) =>
    `Steuersatz ${rate} erfasst; die Zeile wird mit der nächsten offenen Abrechnung abgerechnet.`,
  assignedToClarify:
    'Verkauf zugeordnet. Sein Steuersatz passt nicht zum Steuerstatus des Direktvermarkters: Die Zeile wartet unter „Zu klären“.',
  demoBlocked: (count: number) =>
    count === 1
      ? 'Für einen Demo-Direktvermarkter sind Verkäufe erfasst.'
      : `Für ${count} Demo-Direktvermarkter sind Verkäufe erfasst.`,
} as const;

/** The largest CSV of the till the import takes (the server's limit of the upload). */
export const SALES_CSV_MAX_BYTES = 10 * 1024 * 1024;

export const SALES_FILE_MESSAGES = {
  choose: 'Bitte wähle die CSV-Datei der Kasse.',
  empty: SALES_MESSAGES.csvEmpty,
  tooLarge: 'Die Datei ist zu groß: höchstens 10 MB auf einmal.',
} as const;

/**
 * The admin's upload under Verkäufe (the form; the file is then sent as it is, text/csv): one
 * file, not empty, at most 10 MB.
 */
export const salesCsvFormSchema = z.object({
  file: chosenFile(SALES_FILE_MESSAGES.choose)
    .refine((file) => file.size > 0, { error: SALES_FILE_MESSAGES.empty })
    .refine((file) => file.size <= SALES_CSV_MAX_BYTES, { error: SALES_FILE_MESSAGES.tooLarge }),
});

/** The CSV's columns, in this order; betrag_brutto is optional. */
export const SALES_CSV_COLUMNS = [
  'beleg',
  'position',
  'zeitpunkt',
  'ean',
  'artikel',
  'menge',
  'einzelpreis_brutto',
  'mwst_satz',
] as const;
export const SALES_CSV_TOTAL_COLUMN = 'betrag_brutto';

/** The header of the till's product list CSV. */
export const POS_PRODUCTS_CSV_COLUMNS = [
  'ean',
  'artikel',
  'preis_brutto',
  'mwst_satz',
  'einheit',
  'verkaeufer',
  'verkaeufer_anschrift',
  'steuerhinweis',
] as const;

// ---------------------------------------------------------------------------
// Keys (Einstellungen → Kasse)

export const createPosKeySchema = z.strictObject({
  name: requiredLine(SALES_MESSAGES.keyName, 80),
});

export const posKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type PosKey = z.infer<typeof posKeySchema>;

export const posKeysResponseSchema = successResponse({
  keys: z.array(posKeySchema),
});

export const posKeyCreatedSchema = successResponse({
  key: z.object({ id: z.string(), name: z.string() }),
  /** Shown once: only its SHA-256 is kept. */
  secret: z.string(),
  message: z.string(),
});

export const posKeyRevokedSchema = successResponse({
  key: posKeySchema,
  message: z.string(),
});

// ---------------------------------------------------------------------------
// The till's product list

export const posProductSchema = z.object({
  ean: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
  /** Percent: 7, 19, 7.8, 0. */
  vatRate: z.number(),
  unit: z.string(),
  seller: z.object({ name: z.string(), address: z.string() }),
  /**
   * The producer's tax note for the receipt: "Gemäß § 19 UStG wird keine Umsatzsteuer
   * berechnet." (Kleinunternehmer), "Durchschnittssatz nach § 24 UStG" (§ 24 farmer), else ''.
   */
  steuerhinweis: z.string(),
});
export type PosProduct = z.infer<typeof posProductSchema>;

export const posProductsResponseSchema = successResponse({
  products: z.array(posProductSchema),
});

// ---------------------------------------------------------------------------
// Sales in: the till's receipts (JSON) and the admin's CSV; both answer the same

/** At most this many receipts, and this many lines in all, in one POST /api/pos/sales. */
export const POS_SALES_MAX_LINES = 10_000;

/** A receipt line of the till; checked line by line by the server (a bad line is an error). */
export const posSaleLineSchema = z.object({
  position: z.unknown(),
  ean: z.unknown(),
  name: z.unknown(),
  quantity: z.unknown(),
  unitPriceGrossCents: z.unknown(),
  vatRate: z.unknown(),
  lineTotalGrossCents: z.unknown().optional(),
});

export const posSalesSchema = z.strictObject({
  receipts: z
    .array(
      z.object({
        id: z.unknown(),
        time: z.unknown(),
        lines: z.array(posSaleLineSchema, { error: 'Jeder Beleg braucht seine Zeilen (lines).' }),
      }),
      { error: 'Erwartet: { receipts: [{ id, time, lines: [...] }] }' },
    )
    .max(POS_SALES_MAX_LINES, { error: `Höchstens ${POS_SALES_MAX_LINES} Belege auf einmal.` }),
});

/** How the CSV's bytes were read: strictly as UTF-8, else as Windows-1252 (Excel's "CSV"). */
export const CSV_ENCODINGS = ['utf-8', 'windows-1252'] as const;

export const salesImportResultSchema = successResponse({
  imported: z.number().int(),
  duplicates: z.number().int(),
  unassigned: z.number().int(),
  /** Lines stored whose VAT rate the producer's tax status does not allow: "Zu klären". */
  clarify: z.number().int(),
  /** Lines stored whose month is already final: Nachträge in `month` ('YYYY-MM'), or null. */
  late: z.object({ count: z.number().int(), month: z.string() }).nullable(),
  errors: z.array(z.object({ line: z.union([z.number(), z.string()]), message: z.string() })),
  /** The CSV import only: how its bytes were read. */
  encoding: z.enum(CSV_ENCODINGS).optional(),
});
export type SalesImportResult = z.infer<typeof salesImportResultSchema>;

/**
 * A CSV of more than this many lines is imported in the background (an import job the page
 * follows); up to it the request answers with the result as before.
 */
export const SALES_IMPORT_JOB_LINES = 10_000;

export const SALES_IMPORT_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** A large CSV import in the background: lines read of the file's lines, then its result. */
export const salesImportJobSchema = z.object({
  id: z.string(),
  status: z.enum(SALES_IMPORT_JOB_STATUSES),
  /** Lines of the file read and stored so far (the header not counted). */
  linesDone: z.number().int(),
  linesTotal: z.number().int(),
  /** Why it failed (German), else null. */
  message: z.string().nullable(),
  /** The same summary as a small import's answer, once done. */
  result: salesImportResultSchema.nullable(),
});
export type SalesImportJob = z.infer<typeof salesImportJobSchema>;

/** What a job's state says in words (the API's message, the page's progress line). */
export function importJobMessage(job: SalesImportJob): string {
  if (job.status === 'failed') return job.message ?? SALES_MESSAGES.importJobFailed;
  if (job.status === 'done') return SALES_MESSAGES.importJobDone;
  if (job.status === 'queued' && job.linesDone === 0) return SALES_MESSAGES.importJobQueued;
  return SALES_MESSAGES.importJobProgress(job.linesDone, job.linesTotal);
}

/** 202 of POST /api/admin/sales/import for a large file; GET /api/admin/sales/import-jobs/:id. */
export const salesImportJobResponseSchema = successResponse({
  message: z.string(),
  job: salesImportJobSchema,
});

/** GET /api/admin/sales/import-jobs/current: the import running now, or null. */
export const salesImportCurrentResponseSchema = successResponse({
  job: salesImportJobSchema.nullable(),
});

// ---------------------------------------------------------------------------
// Nicht zugeordnete Verkäufe

export const unassignedQuerySchema = z.object({
  ...pageQuery,
  search: plainText(z.string().trim()).max(100, { error: 'Höchstens 100 Zeichen' }).optional(),
});
export type UnassignedQuery = z.output<typeof unassignedQuerySchema>;

/** A till line as the admin's lists show it: what the till sent, the rate in percent as it came. */
const tillLineFields = {
  id: z.string(),
  receiptId: z.string(),
  position: z.number().int(),
  soldAt: z.string(),
  ean: z.string(),
  articleText: z.string(),
  quantityThousandths: z.number().int(),
  unitPriceGrossCents: z.number().int(),
  vatRate: z.number(),
  lineTotalGrossCents: z.number().int(),
};

export const unassignedLineSchema = z.object({
  ...tillLineFields,
  source: z.string(),
  /** A deposit (Pfand) by its article text: never "kein Verkauf" (docs/product/money.md). */
  deposit: z.boolean(),
  /** The product it probably is, and why (an EAN close to a known one, the article text, the
   * product line before a deposit on the same receipt); null if none. */
  suggestion: z
    .object({
      productId: z.string(),
      name: z.string(),
      ean: z.string(),
      vendorName: z.string(),
      /** check_digit | one_digit | swapped | article_text | deposit */
      reason: z.string(),
      /** The reason in German. */
      reasonText: z.string(),
    })
    .nullable(),
});
export type UnassignedLine = z.infer<typeof unassignedLineSchema>;

export const unassignedResponseSchema = successResponse({
  lines: z.array(unassignedLineSchema),
  pagination: paginationSchema,
});

export const lineIdParamsSchema = z.object({ lineId: z.string().max(100) });

export const ASSIGN_CHOICE = 'Bitte wähle ein Produkt oder „kein Verkauf eines Direktvermarkters“.';

export const NO_VENDOR_CHOICE =
  'Bitte wähle: eigener Verkauf des Ladens (mit seinem Steuersatz) oder kein Verkauf (z. B. Gutschein).';
export const OWN_SALE_RATE = 'Ein eigener Verkauf des Ladens hat 19 % oder 7 % Umsatzsteuer.';

/** What a line marked "kein Verkauf eines Direktvermarkters" is (issue 30). */
export const NO_VENDOR_KINDS = ['own_sale', 'no_sale'] as const;
export type NoVendorKind = (typeof NO_VENDOR_KINDS)[number];

/**
 * Either { productId } or { kind: 'no_vendor', noVendor, vatRateBp? } (the service refuses
 * neither and both): the shop's own sale at 19 % or 7 % (default: the line's rate), or no sale
 * at all (a voucher).
 */
const assignChoice = {
  productId: z.string({ error: ASSIGN_CHOICE }).max(100).optional(),
  kind: z.literal('no_vendor', { error: ASSIGN_CHOICE }).optional(),
  noVendor: z.enum(NO_VENDOR_KINDS, { error: NO_VENDOR_CHOICE }).optional(),
  vatRateBp: z.union([z.literal(1900), z.literal(700)], { error: OWN_SALE_RATE }).optional(),
};

/** A rate belongs to the shop's own sale; "kein Verkauf eines Direktvermarkters" needs its kind. */
function checkAssignChoice(body: AssignChoice, ctx: z.RefinementCtx) {
  if (body.kind === 'no_vendor' && body.noVendor === undefined)
    ctx.addIssue({ code: 'custom', path: ['noVendor'], message: NO_VENDOR_CHOICE });
  if (body.vatRateBp !== undefined && body.noVendor !== 'own_sale')
    ctx.addIssue({ code: 'custom', path: ['vatRateBp'], message: OWN_SALE_RATE });
}
type AssignChoice = z.infer<z.ZodObject<typeof assignChoice>>;

export const assignLineSchema = z.strictObject(assignChoice).superRefine(checkAssignChoice);
export type AssignLine = z.infer<typeof assignLineSchema>;

/** POST /api/admin/sales/unassigned: one answer for several waiting lines (1 to 100). */
export const BULK_ASSIGN_MAX = 100;
export const assignLinesSchema = z
  .strictObject({
    lineIds: z
      .array(z.string().max(100), { error: SALES_MESSAGES.bulkLines })
      .min(1, { error: SALES_MESSAGES.bulkLines })
      .max(BULK_ASSIGN_MAX, { error: SALES_MESSAGES.bulkLines }),
    ...assignChoice,
  })
  .superRefine(checkAssignChoice);
export type AssignLines = z.infer<typeof assignLinesSchema>;

export const assignLineResponseSchema = successResponse({
  message: z.string(),
});

export const assignLinesResponseSchema = successResponse({
  message: z.string(),
  /** How many lines got the answer. */
  count: z.number().int(),
});

/** The product search of the assignment (GET /api/admin/sales/product-search?q=). */
export const productSearchQuerySchema = z.object({
  q: plainText(z.string().trim()).max(100, { error: 'Höchstens 100 Zeichen' }).default(''),
});

export const productSearchResponseSchema = successResponse({
  products: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      ean: z.string(),
      priceCents: z.number().int(),
      vendorName: z.string(),
      isActive: z.boolean(),
    }),
  ),
});

// ---------------------------------------------------------------------------
// Zu klären: lines whose VAT rate the producer's tax status does not allow (issue 30, item 6)

export const clarifyQuerySchema = unassignedQuerySchema;
export type ClarifyQuery = z.output<typeof clarifyQuerySchema>;

export const clarifyLineSchema = z.object({
  ...tillLineFields,
  vendorId: z.string(),
  vendorName: z.string(),
  /** The producer's tax status now (null: none recorded). */
  taxStatus: z.string().nullable(),
  /** The rates (percent) the status allows on the day of sale, the usual one first. */
  allowedRates: z.array(z.number()),
});
export type ClarifyLine = z.infer<typeof clarifyLineSchema>;

export const clarifyResponseSchema = successResponse({
  lines: z.array(clarifyLineSchema),
  pagination: paginationSchema,
});

/** POST /api/admin/sales/clarify/:lineId: the right rate (percent, e.g. 7, 7.8, 19, 0). */
export const clarifyRateSchema = z.strictObject({
  vatRate: z
    .number({ error: SALES_MESSAGES.clarifyRate })
    .min(0, { error: SALES_MESSAGES.clarifyRate })
    .max(100, { error: SALES_MESSAGES.clarifyRate }),
});
export type ClarifyRate = z.infer<typeof clarifyRateSchema>;

export const clarifyRateResponseSchema = successResponse({
  message: z.string(),
});
