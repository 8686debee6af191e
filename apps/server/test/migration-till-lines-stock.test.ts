import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balancesOf, stockFromMovements } from '../src/modules/products/balances.service';
import { upgradedDatabase } from './migration-fixtures';

/**
 * Migration 0042 on a database of the release before it (docs/decisions/0090): the till's sales
 * and returns were rows of stock_movements with their sales line's id. Afterwards the lines are
 * marked as the product's sales and the rows are gone, and the stock reads the same.
 */

/** The last migration of the release that wrote a movement row per till line. */
const LAST_OLD_MIGRATION = 40;

const VENDOR = '00000000-0000-4000-8000-000000000001';
const PRODUCT = '00000000-0000-4000-8000-000000000002';
const line = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;
const at = (time: string) => `'2026-10-01T${time}:00+02:00'`;

function salesLine(n: number, ean: string, quantity: number, time: string, owned: boolean) {
  return `insert into sales_lines (id, receipt_id, position, sold_at, ean, article_text,
      quantity_thousandths, unit_price_gross_cents, vat_rate_bp, line_total_gross_cents,
      product_id, vendor_id, source, raw)
    values ('${line(n)}', 'B${n}', 1, ${at(time)}, '${ean}', 'Honig', ${quantity}, 600, 700,
      ${(600 * quantity) / 1000}, ${owned ? `'${PRODUCT}'` : 'null'},
      ${owned ? `'${VENDOR}'` : 'null'}, 'pos', '{}')`;
}

function movement(id: string, kind: string, quantity: number, time: string) {
  return `insert into stock_movements (id, product_id, vendor_id, place, kind,
      quantity_thousandths, occurred_at, recorded_by_kind, recorded_by_name)
    values ('${id}', '${PRODUCT}', '${VENDOR}', 'shelf', '${kind}', ${quantity}, ${at(time)},
      '${kind === 'sale' || kind === 'return' ? 'till' : 'admin'}', 'x')`;
}

const OLD_ROWS = [
  `insert into vendors (id, email, name) values ('${VENDOR}', 'imkerei@example.com', 'Imkerei')`,
  `insert into products (id, vendor_id, name, price_cents, unit, vat_rate_bp, ean, deposit_ean,
      deposit_cents, stock_tracked)
    values ('${PRODUCT}', '${VENDOR}', 'Honig', 600, 'Stück', 700, '2000000000017',
      '2000000000024', 50, true)`,
  // 08:00 delivered 12; line 1 sold one at 10:00, line 2 took one back at 11:00
  movement('00000000-0000-4000-8000-000000000201', 'delivery', 12_000, '08:00'),
  salesLine(1, '2000000000017', 1000, '10:00', true),
  movement(line(1), 'sale', -1000, '10:00'),
  salesLine(2, '2000000000017', -1000, '11:00', true),
  movement(line(2), 'return', 1000, '11:00'),
  // the jar's deposit (no movement), and a sale from before the product was tracked (none)
  salesLine(3, '2000000000024', 1000, '10:00', true),
  salesLine(4, '2000000000017', 1000, '07:00', true),
  // counted 9 at 11:30; then the admin assigned an unknown EAN's line of two to the honey
  movement('00000000-0000-4000-8000-000000000202', 'count', 9000, '11:30'),
  salesLine(5, '1234', 2000, '12:00', false),
  `insert into sales_line_assignments (sales_line_id, kind, product_id, vendor_id)
    values ('${line(5)}', 'product', '${PRODUCT}', '${VENDOR}')`,
  movement(line(5), 'sale', -2000, '12:00'),
  `insert into stock_balances (product_id, place, stock_thousandths, last_count_at,
      last_delivery_at) values ('${PRODUCT}', 'shelf', 7000, ${at('11:30')}, ${at('08:00')})`,
];

describe('migrating the till’s movements to its sales lines', () => {
  it('marks the lines that moved stock, drops their rows, and the stock reads the same', async () => {
    const database = await upgradedDatabase(LAST_OLD_MIGRATION, OLD_ROWS);
    try {
      const rowsOf = async <T>(query: string) =>
        ((await database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
      expect(
        await rowsOf('select receipt_id, moves_stock from sales_lines order by receipt_id'),
      ).toEqual([
        { receipt_id: 'B1', moves_stock: true },
        { receipt_id: 'B2', moves_stock: true },
        { receipt_id: 'B3', moves_stock: false },
        { receipt_id: 'B4', moves_stock: false },
        { receipt_id: 'B5', moves_stock: false },
      ]);
      expect(await rowsOf('select sales_line_id, moves_stock from sales_line_assignments')).toEqual(
        [{ sales_line_id: line(5), moves_stock: true }],
      );
      expect(await rowsOf('select kind from stock_movements order by occurred_at')).toEqual([
        { kind: 'delivery' },
        { kind: 'count' },
      ]);
      // the history reads as before: the till's rows now come from its lines
      expect(
        await rowsOf(`select kind, quantity_thousandths, recorded_by_kind from stock_changes
          where vendor_id = '${VENDOR}' and product_id = '${PRODUCT}' order by occurred_at`),
      ).toEqual([
        { kind: 'delivery', quantity_thousandths: 12_000, recorded_by_kind: 'admin' },
        { kind: 'sale', quantity_thousandths: -1000, recorded_by_kind: 'till' },
        { kind: 'return', quantity_thousandths: 1000, recorded_by_kind: 'till' },
        { kind: 'count', quantity_thousandths: 9000, recorded_by_kind: 'admin' },
        { kind: 'sale', quantity_thousandths: -2000, recorded_by_kind: 'till' },
      ]);
      expect((await stockFromMovements(database.db, [PRODUCT])).get(PRODUCT)).toEqual({
        shelf: 7000,
        storeroom: 0,
      });
      expect((await balancesOf(database.db, [PRODUCT])).get(PRODUCT)).toMatchObject({
        shelf: 7000,
      });
      // a first count's figures start at the place's first change: the delivery at 08:00
      const [balance] = await rowsOf<{ first_change_at: string | Date }>(
        'select first_change_at from stock_balances',
      );
      expect(new Date(balance!.first_change_at).toISOString()).toBe('2026-10-01T06:00:00.000Z');
    } finally {
      await database.close();
    }
  });
});
