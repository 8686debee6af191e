import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from './helpers';
import { upgradedDatabase } from './migration-fixtures';

/**
 * Migration 0029 on a database of the release before it: the VAT id stood in the legal data
 * (settings key 'legal') and, maybe, in the billing data too. It must end up in the billing
 * data only (one already there wins), and the Impressum's data show it from there.
 */

/** The last migration of the release that still kept the VAT id with the legal data. */
const LAST_OLD_MIGRATION = 28;

const legal = (vatId: string) =>
  `insert into settings (key, value) values ('legal', '${JSON.stringify({
    operatorName: 'housnkuh',
    ownerName: 'Eva Muster',
    legalForm: 'Einzelunternehmen',
    vatId,
    registerEntry: '',
    contentResponsible: '',
  })}'::jsonb)`;

/** After the upgrade: the billing data's VAT id, the stored legal data and the published one. */
async function afterUpgrade(rows: string[]) {
  const database = await upgradedDatabase(LAST_OLD_MIGRATION, rows);
  const app = await buildApp(testConfig(), { logger: false, database, startOutbox: false });
  try {
    await app.ready();
    const rowsOf = async <T>(query: string) =>
      ((await database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
    const [billing] = await rowsOf<{ ust_id_nr: string | null }>(
      'select ust_id_nr from billing_settings',
    );
    const [stored] = await rowsOf<{ value: Record<string, unknown> }>(
      `select value from settings where key = 'legal'`,
    );
    const published = await app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(published.statusCode).toBe(200);
    return {
      billing: billing?.ust_id_nr ?? null,
      stored: stored?.value,
      published: (published.json() as { settings: { legal: { vatId: string } } }).settings.legal
        .vatId,
    };
  } finally {
    await app.close();
    await database.close();
  }
}

describe('migrating the VAT id into the billing data', () => {
  it('moves a VAT id kept only with the legal data to the billing data', async () => {
    const result = await afterUpgrade([legal(' de 123 456 789 ')]);
    expect(result.billing).toBe('DE123456789');
    expect(result.stored).toEqual({
      operatorName: 'housnkuh',
      ownerName: 'Eva Muster',
      legalForm: 'Einzelunternehmen',
      registerEntry: '',
      contentResponsible: '',
    });
    expect(result.published).toBe('DE123456789');
  });

  it('keeps the billing data’s VAT id when both have one, and drops the old copy', async () => {
    const result = await afterUpgrade([
      legal('DE111111111'),
      `insert into billing_settings (id, ust_id_nr) values (1, 'DE222222222')`,
    ]);
    expect(result.billing).toBe('DE222222222');
    expect(result.stored).not.toHaveProperty('vatId');
    expect(result.published).toBe('DE222222222');
  });

  it('leaves the billing data alone when the legal data had none', async () => {
    const result = await afterUpgrade([legal('')]);
    expect(result.billing).toBeNull();
    expect(result.stored).not.toHaveProperty('vatId');
    expect(result.published).toBe('');
  });
});
