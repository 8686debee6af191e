import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { isValidEan13 } from '@housnkuh/shared/ean';
import { lineTotalCents, parseQuantity } from '@housnkuh/shared/products';
import { parseEuroAmount } from '@housnkuh/shared/format';
import { percentToBasisPoints, vatRatesFor } from '@housnkuh/shared/vat';
import { describe, expect, it } from 'vitest';
import { DEMO_MONEY } from '../src/db/demo-money';
import { tempDir } from './helpers';

// The demo till sales (scripts/demo-sales.mjs → demo/kassenverkaeufe.csv, docs/decisions/0032).
const ROOT = path.resolve(import.meta.dirname, '../../..');
const CSV = path.join(ROOT, 'demo/kassenverkaeufe.csv');
const SCRIPT = path.join(ROOT, 'scripts/demo-sales.mjs');
/** The till's own deposit key: the owner assigns these lines to Kelterei Bauer's deposit. */
const UNKNOWN_EANS = ['2990000000019'];
const KELTEREI = DEMO_MONEY.find((vendor) => vendor.email === 'saft@kelterei-bauer.example')!;
const FISCHER = DEMO_MONEY.find(
  (vendor) => vendor.email === 'werkstatt@holzwerkstatt-fischer.example',
)!;

function rowsOf(text: string) {
  const [header, ...lines] = text.trimEnd().split('\n');
  return {
    header,
    rows: lines.map((line) => {
      const [beleg, position, zeitpunkt, ean, artikel, menge, preis, mwst, betrag] =
        line.split(';');
      return { beleg, position, zeitpunkt, ean, artikel, menge, preis, mwst, betrag };
    }),
  };
}

describe('the demo sales CSV', () => {
  const { header, rows } = rowsOf(fs.readFileSync(CSV, 'utf8'));
  const products = new Map(DEMO_MONEY.flatMap((vendor) => vendor.products).map((p) => [p.ean, p]));

  it('names only demo products (but the deposit) at their price and rate, with totals rounded half up', () => {
    expect(header).toBe(
      'beleg;position;zeitpunkt;ean;artikel;menge;einzelpreis_brutto;mwst_satz;betrag_brutto',
    );
    expect(rows.length).toBeGreaterThan(1000);
    const unknown = rows.filter((row) => !products.has(row.ean!));
    expect(unknown.length).toBeGreaterThanOrEqual(1);
    expect(unknown.length).toBeLessThanOrEqual(2);
    for (const row of unknown) expect(UNKNOWN_EANS).toContain(row.ean);
    for (const row of rows) {
      expect(isValidEan13(row.ean!), row.ean).toBe(true);
      const quantity = parseQuantity(row.menge!);
      const price = parseEuroAmount(row.preis!);
      expect(quantity, row.menge).not.toBeNull();
      expect(price, row.preis).not.toBeNull();
      const total =
        (row.betrag!.startsWith('-') ? -1 : 1) * parseEuroAmount(row.betrag!.replace('-', ''))!;
      expect(total, row.betrag).toBe(lineTotalCents(quantity!, price!));
      const product = products.get(row.ean!);
      if (product) {
        expect(row.artikel).toBe(product.name);
        expect(price).toBe(product.priceCents);
        expect(Number(row.mwst!.replace(',', '.'))).toBe(product.vatRate);
        // a weight for goods by the kg, else whole pieces
        if (product.unit !== 'kg') expect(Math.abs(quantity! % 1000), row.menge).toBe(0);
      }
      expect(row.zeitpunkt).toMatch(/^\d{2}\.\d{2}\.\d{4} (0[7-9]|1\d):[0-5]\d$/);
    }
    // some weights, some returns, receipts of 1–6 lines, each key once
    expect(rows.some((row) => row.menge!.includes(','))).toBe(true);
    expect(rows.some((row) => row.menge!.startsWith('-'))).toBe(true);
    const keys = new Set(rows.map((row) => `${row.beleg}/${row.position}`));
    expect(keys.size).toBe(rows.length);
    const perReceipt = new Map<string, number>();
    for (const row of rows) perReceipt.set(row.beleg!, (perReceipt.get(row.beleg!) ?? 0) + 1);
    // 6 products, two of them Kelterei Bauer's juices with their deposits
    expect(Math.max(...perReceipt.values())).toBeLessThanOrEqual(8);
  });

  it('puts the deposit of a juice bottle right after it: Kelterei Bauer’s product, at the juice’s rate', () => {
    const deposit = KELTEREI.products.find((product) => product.isDeposit)!;
    expect(deposit).toMatchObject({ name: 'Pfand Mehrwegflasche', priceCents: 15, vatRate: 19 });
    const juices = new Set(
      KELTEREI.products.filter((product) => product.withDeposit).map((p) => p.ean),
    );
    let bottles = 0;
    rows.forEach((row, index) => {
      if (juices.has(row.ean!)) {
        bottles += 1;
        const next = rows[index + 1]!;
        expect(next.beleg).toBe(row.beleg);
        expect([deposit.ean, ...UNKNOWN_EANS]).toContain(next.ean);
        expect(next.menge).toBe(row.menge);
        expect(next.mwst).toBe(row.mwst);
      }
      // a deposit is never sold on its own
      if (row.ean === deposit.ean || UNKNOWN_EANS.includes(row.ean!))
        expect(juices.has(rows[index - 1]!.ean!)).toBe(true);
    });
    expect(bottles).toBeGreaterThan(100);
  });

  it('covers the four months from the demo opening; Holzwerkstatt Fischer sells only in odd months', () => {
    const months = [...new Set(rows.map((row) => row.zeitpunkt!.slice(3, 10)))];
    expect(months).toHaveLength(4);
    const fischer = new Set(FISCHER.products.map((product) => product.ean));
    const sold = new Set(
      rows.filter((row) => fischer.has(row.ean!)).map((row) => row.zeitpunkt!.slice(3, 10)),
    );
    expect([...sold].sort()).toEqual(
      months.filter((month) => Number(month.slice(0, 2)) % 2 === 1).sort(),
    );
  });

  it('sells every demo product at a rate its producer’s tax status allows (nothing to clarify)', () => {
    for (const vendor of DEMO_MONEY)
      for (const product of vendor.products)
        expect(
          vatRatesFor(vendor.taxStatus, '2026-10-01'),
          `${vendor.taxStatus}: ${product.name}`,
        ).toContain(percentToBasisPoints(product.vatRate));
  });

  it('is what the script makes for its day, again and again', () => {
    // the committed file covers four full months: the script, run on the first of the month after
    const [, month, year] = rows.at(-1)!.zeitpunkt!.slice(0, 10).split('.');
    const next = new Date(Date.UTC(Number(year), Number(month), 1)).toISOString().slice(0, 10);
    const out = path.join(tempDir(), 'sales.csv');
    execFileSync(process.execPath, [SCRIPT, `--today=${next}`, `--out=${out}`]);
    expect(fs.readFileSync(out, 'utf8')).toBe(fs.readFileSync(CSV, 'utf8'));
  });
});
