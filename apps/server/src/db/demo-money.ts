import type { TaxStatus } from '@housnkuh/shared/schemas/vendor-profile';
import data from './demo-products.json';

/**
 * The demo producers' money data (docs/decisions/0032): tax status, a test IBAN and the
 * products with their fixed in-store EANs. One file, demo-products.json, read by the seed and
 * by scripts/demo-sales.mjs (the demo till sales), so that the sales name these products.
 */
export interface DemoProduct {
  /** In-store EAN-13 (prefix 20, counter 1…), the same on every install. */
  ean: string;
  name: string;
  /** Gross price per selling unit. */
  priceCents: number;
  /** One of SELLING_UNITS. */
  unit: string;
  /** The content in its measure (500 g: 500, 0,5 l: 0.5), for the base price. */
  content?: number;
  contentMeasure?: 'g' | 'kg' | 'ml' | 'l';
  /** Percent, one of the rates of the producer's tax status (7, 19, 0, 7.8). */
  vatRate: number;
  /** Sold in a returnable bottle: each sale carries the producer's deposit product. */
  withDeposit?: boolean;
  /**
   * The producer's deposit (Pfand): part of its sale, at the rate of the product it is on
   * (docs/product/money.md); never picked on its own by the demo sales.
   */
  isDeposit?: boolean;
}

export interface DemoMoney {
  /** The demo producer (DEMO_VENDORS) by its e-mail address. */
  email: string;
  taxStatus: TaxStatus;
  steuernummer?: string;
  /** A made-up German IBAN with valid check digits (bank code 12030000). */
  iban: string;
  kontoinhaber: string;
  products: DemoProduct[];
}

export const DEMO_MONEY: readonly DemoMoney[] = data.vendors as DemoMoney[];
