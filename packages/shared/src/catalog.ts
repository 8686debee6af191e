/**
 * The catalog of everything a producer can book (spec §3 and §9).
 * All money is in integer euro cents. This file is the only source of prices:
 * the browser shows them, the server recomputes every total from them.
 */

export type PackageCategory = 'standard' | 'cooled' | 'premium' | 'visibility';

export interface PackageOption {
  id: string;
  /** The spec's name (§3), kept as the API's `name`, e.g. 'gekühlt'. */
  name: string;
  /** What people read for one unit: card titles, summaries, mails, e.g. 'Kühlfach'. */
  displayName: string;
  /** The same for several units, e.g. 'Kühlfächer'. */
  displayNamePlural: string;
  /**
   * How many units of this option one booking may ask for: the number of such
   * units the shop has (docs/decisions/0005-catalog-and-pricing.md).
   */
  maxCount: number;
  /** Monthly price in cents. 0 for options priced on request. */
  price: number;
  description: string;
  detail: string;
  image: string;
  category: PackageCategory;
  /** Set when the price is not a fixed number, e.g. 'auf Anfrage'. */
  priceDisplay?: string;
}

export interface AddonOption {
  id: string;
  name: string;
  /** Price in cents, per week when isWeekly, else per month. */
  price: number;
  description: string;
  isWeekly: boolean;
}

export const PRICE_ON_REQUEST = 'auf Anfrage';

export const PACKAGE_OPTIONS: readonly PackageOption[] = [
  {
    id: 'block-a',
    name: 'Verkaufsblock Lage A',
    displayName: 'Verkaufsblock Lage A',
    displayNamePlural: 'Verkaufsblöcke Lage A',
    maxCount: 12,
    price: 3500,
    description: 'Regalfach auf Augenhöhe mit zwei Ebenen',
    detail: 'Die beste Sichtbarkeit im Laden',
    image: '/images/flaechen/block-a.svg',
    category: 'standard',
  },
  {
    id: 'block-b',
    name: 'Verkaufsblock Lage B',
    displayName: 'Verkaufsblock Lage B',
    displayNamePlural: 'Verkaufsblöcke Lage B',
    maxCount: 12,
    price: 1500,
    description: 'Regalfach mit einer Ebene in der unteren Reihe',
    detail: 'Der günstige Einstieg für kleinere Sortimente',
    image: '/images/flaechen/block-b.svg',
    category: 'standard',
  },
  {
    id: 'block-cold',
    name: 'gekühlt',
    displayName: 'Kühlfach',
    displayNamePlural: 'Kühlfächer',
    maxCount: 6,
    price: 5000,
    description: 'Fach im Kühlregal für Milchprodukte, Fleisch, Wurst und Frisches',
    detail: 'Gleichmäßig gekühlt und täglich kontrolliert',
    image: '/images/flaechen/block-cold.svg',
    category: 'cooled',
  },
  {
    id: 'block-frozen',
    name: 'gefroren',
    displayName: 'Tiefkühlfach',
    displayNamePlural: 'Tiefkühlfächer',
    maxCount: 4,
    price: 6000,
    description: 'Fach in der Tiefkühltruhe für Eis, Fleisch und Fertiggerichte',
    detail: 'Dauerhaft bei −18 °C',
    image: '/images/flaechen/block-frozen.svg',
    category: 'cooled',
  },
  {
    id: 'block-table',
    name: 'Verkaufstische',
    displayName: 'Verkaufstisch',
    displayNamePlural: 'Verkaufstische',
    maxCount: 3,
    price: 4000,
    description: 'Eigener Präsentationstisch mitten im Laden',
    detail: 'Viel Platz für Saisonware, Kisten und Körbe',
    image: '/images/flaechen/block-table.svg',
    category: 'premium',
  },
  {
    id: 'block-other',
    name: 'Flexibler Bereich',
    displayName: 'Flexibler Bereich',
    displayNamePlural: 'Flexible Bereiche',
    maxCount: 2,
    price: 0,
    priceDisplay: PRICE_ON_REQUEST,
    description: 'Sonderfläche für Großes, Sperriges oder besondere Ideen',
    detail: 'Größe und Preis vereinbaren wir gemeinsam',
    image: '/images/flaechen/block-other.svg',
    category: 'standard',
  },
  {
    id: 'window-small',
    name: 'Schaufenster klein',
    displayName: 'Schaufenster klein',
    displayNamePlural: 'Schaufenster klein',
    maxCount: 2,
    price: 3000,
    description: 'Kleine Schaufensterfläche zur Straße hin',
    detail: 'Mehr Aufmerksamkeit von Passanten',
    image: '/images/flaechen/window-small.svg',
    category: 'visibility',
  },
  {
    id: 'window-large',
    name: 'Schaufenster groß',
    displayName: 'Schaufenster groß',
    displayNamePlural: 'Schaufenster groß',
    maxCount: 1,
    price: 6000,
    description: 'Große Schaufensterfläche direkt am Eingang',
    detail: 'Die auffälligste Platzierung im ganzen Laden',
    image: '/images/flaechen/window-large.svg',
    category: 'visibility',
  },
];

/**
 * Add-on options the configurator can offer. The calculation supports them
 * (weekly prices count four times a month), but the shop offers none at the
 * moment: see docs/decisions/0005-catalog-and-pricing.md.
 */
export const ADDON_OPTIONS: readonly AddonOption[] = [];

export const PACKAGE_CATEGORY_LABELS: Record<PackageCategory, string> = {
  standard: 'Regalflächen',
  cooled: 'Kühlung und Tiefkühlung',
  premium: 'Verkaufstische',
  visibility: 'Schaufenster',
};

export function findPackageOption(id: string): PackageOption | undefined {
  return PACKAGE_OPTIONS.find((option) => option.id === id);
}

/** 'Kühlfach' for one unit, 'Kühlfächer' for none or several. */
export function optionDisplayName(option: PackageOption, count: number): string {
  return count === 1 ? option.displayName : option.displayNamePlural;
}

/**
 * '1 × Kühlfach', '2 × Kühlfächer': an option with its count, for summaries
 * and mails. An id the catalog no longer knows keeps the name it was stored with.
 */
export function formatOptionCount(id: string, count: number, storedName = id): string {
  const option = findPackageOption(id);
  return `${count} × ${option ? optionDisplayName(option, count) : storedName}`;
}

/** 'Höchstens 1 × Schaufenster groß möglich.' */
export function maxCountMessage(option: PackageOption): string {
  return `Höchstens ${formatOptionCount(option.id, option.maxCount)} möglich.`;
}

// ---------------------------------------------------------------------------
// Commission models

export type ProvisionType = 'basic' | 'premium';

export interface CommissionModel {
  id: ProvisionType;
  name: string;
  /** Commission in percent of gross sales. */
  rate: 4 | 7;
  description: string;
  benefits: readonly string[];
}

export const COMMISSION_MODELS: readonly CommissionModel[] = [
  {
    id: 'basic',
    name: 'Basismodell',
    rate: 4,
    description: 'Verkauf über unsere Kasse, das Warenrisiko bleibt bei dir.',
    benefits: [
      'Verkauf über das Kassensystem im Laden',
      'Tägliche Verkaufsübersicht',
      'Kartenzahlungsgebühren inklusive',
    ],
  },
  {
    id: 'premium',
    name: 'Premium-Modell',
    rate: 7,
    description: 'Rundum-Paket mit Diebstahlschutz und automatischer Bestandsführung.',
    benefits: [
      'Verkauf über das Kassensystem im Laden',
      'Tägliche Verkaufsübersicht',
      'Diebstahlschutz: das Risiko trägt der Laden',
      'Automatisierte Bestandsführung',
      'Zusatzleistungen buchbar (Lager- und Versandservice)',
      'Kartenzahlungsgebühren inklusive',
    ],
  },
];

export const DEFAULT_PROVISION_TYPE: ProvisionType = 'premium';

export function commissionModel(type: ProvisionType | undefined): CommissionModel {
  const id = type ?? DEFAULT_PROVISION_TYPE;
  const model = COMMISSION_MODELS.find((m) => m.id === id);
  if (!model) throw new Error(`Unknown provision type ${String(type)}`);
  return model;
}

/** VAT charged on the commission, in percent. */
export const COMMISSION_VAT_RATE = 19;

/** The free trial: this many days without rent before the booked term (docs/product/rental.md). */
export const TRIAL_DAYS = 30;

// ---------------------------------------------------------------------------
// Extra services (Zusatzleistungen), premium only

export type ExtraServiceId = 'lagerservice' | 'versandservice';

export interface ExtraService {
  id: ExtraServiceId;
  name: string;
  /** Monthly price in cents. */
  price: number;
  description: string;
}

export const EXTRA_SERVICES: readonly ExtraService[] = [
  {
    id: 'lagerservice',
    name: 'Lagerservice',
    price: 2000,
    description: 'Wir lagern deinen Vorrat im Laden und füllen dein Fach bei Bedarf nach.',
  },
  {
    id: 'versandservice',
    name: 'Versandservice',
    price: 500,
    description: 'Wir nehmen Pakete für dich an und verschicken Bestellungen.',
  },
];

export function extraServicePrice(id: ExtraServiceId): number {
  const service = EXTRA_SERVICES.find((s) => s.id === id);
  if (!service) throw new Error(`Unknown extra service ${id}`);
  return service.price;
}

// ---------------------------------------------------------------------------
// Rental duration and discounts

export const RENTAL_DURATIONS = [3, 6, 12] as const;
export type RentalDurationChoice = (typeof RENTAL_DURATIONS)[number];
export const DEFAULT_RENTAL_DURATION: RentalDurationChoice = 3;
export const MIN_RENTAL_DURATION = 1;
export const MAX_RENTAL_DURATION = 24;

/** Ordered from the longest duration down; the first tier reached applies. */
export const DISCOUNT_TIERS: readonly { minMonths: number; rate: number }[] = [
  { minMonths: 12, rate: 0.1 },
  { minMonths: 6, rate: 0.05 },
];

export function discountForDuration(months: number): number {
  return DISCOUNT_TIERS.find((tier) => months >= tier.minMonths)?.rate ?? 0;
}

// ---------------------------------------------------------------------------
// Product categories of the map filter (spec §9) and FAQ categories

export interface ProductCategory {
  slug: string;
  name: string;
  icon: string;
  color: string;
}

export const PRODUCT_CATEGORIES: readonly ProductCategory[] = [
  { slug: 'obst-gemuese', name: 'Obst & Gemüse', icon: 'apple', color: '#2f7d32' },
  { slug: 'fleisch-wurst', name: 'Fleisch & Wurst', icon: 'beef', color: '#a3362a' },
  { slug: 'milchprodukte', name: 'Milchprodukte', icon: 'milk', color: '#3b6ea8' },
  { slug: 'backwaren', name: 'Backwaren', icon: 'croissant', color: '#9a6324' },
  { slug: 'honig', name: 'Honig', icon: 'hexagon', color: '#b7791f' },
  { slug: 'eier', name: 'Eier', icon: 'egg', color: '#8a6d3b' },
  { slug: 'wein-spirituosen', name: 'Wein & Spirituosen', icon: 'wine', color: '#7b1f4b' },
  { slug: 'marmeladen', name: 'Marmeladen & Aufstriche', icon: 'cherry', color: '#b0304f' },
  { slug: 'gewuerze-kraeuter', name: 'Gewürze & Kräuter', icon: 'leaf', color: '#4d7c0f' },
  { slug: 'oele-essig', name: 'Öle & Essig', icon: 'droplet', color: '#8c7a14' },
  { slug: 'saefte', name: 'Säfte', icon: 'cup-soda', color: '#c2410c' },
  { slug: 'tee', name: 'Tee', icon: 'coffee', color: '#5b6b2f' },
  { slug: 'nuesse-trockenfruechte', name: 'Nüsse & Trockenfrüchte', icon: 'nut', color: '#7c5a3a' },
  { slug: 'handwerk', name: 'Handwerk', icon: 'hammer', color: '#52525b' },
];

/** Icons a tag may show (lucide names; the web app maps each to its icon). */
export const TAG_ICONS = [
  'apple',
  'beef',
  'milk',
  'croissant',
  'hexagon',
  'egg',
  'wine',
  'cherry',
  'leaf',
  'droplet',
  'cup-soda',
  'coffee',
  'nut',
  'hammer',
] as const;

/** Kinds of tags: what producers sell, and other features (e.g. Bio, vegan). */
export const TAG_CATEGORIES = ['product', 'feature'] as const;
export const TAG_CATEGORY_LABELS: Record<(typeof TAG_CATEGORIES)[number], string> = {
  product: 'Produktkategorie',
  feature: 'Merkmal',
};

export const FAQ_CATEGORIES = [
  'Allgemein',
  'Registrierung',
  'Buchungen',
  'Zahlungen',
  'Produkte',
  'Support',
] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

// ---------------------------------------------------------------------------
// Vendor verification

export const VERIFY_STATUSES = ['verified', 'pending', 'unverified'] as const;
export type VerifyStatus = (typeof VERIFY_STATUSES)[number];
export const VERIFY_STATUS_LABELS: Record<VerifyStatus, string> = {
  verified: 'Verifiziert',
  pending: 'Prüfung läuft',
  unverified: 'Nicht verifiziert',
};
