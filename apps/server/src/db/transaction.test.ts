import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/helpers';
import type { DatabaseHandle } from './client';
import { afterCommit, onWake, transaction, wakeAfterCommit } from './transaction';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('after-commit requests', () => {
  it('run after the commit, never after a rollback', async () => {
    const calls: string[] = [];
    await transaction(database.db, async (tx) => {
      await tx.execute(sql`select 1`);
      afterCommit(tx, () => calls.push('committed'));
      expect(calls).toEqual([]);
    });
    expect(calls).toEqual(['committed']);
    await expect(
      transaction(database.db, async (tx) => {
        afterCommit(tx, () => calls.push('rolled back'));
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(calls).toEqual(['committed']);
  });

  it('a savepoint waits for the outer commit; the database itself runs at once', async () => {
    const calls: string[] = [];
    await transaction(database.db, async (tx) => {
      await transaction(tx, async (savepoint) => {
        afterCommit(savepoint, () => calls.push('savepoint'));
      });
      expect(calls).toEqual([]);
    });
    expect(calls).toEqual(['savepoint']);
    afterCommit(database.db, () => calls.push('direct'));
    expect(calls).toEqual(['savepoint', 'direct']);
  });

  it('wakes the workers of a topic on the same database', async () => {
    const woken: string[] = [];
    const undo = onWake(database.db, 'outbox', () => woken.push('outbox'));
    onWake(database.db, 'geocoding', () => woken.push('geocoding'));
    await transaction(database.db, async (tx) => wakeAfterCommit(tx, 'outbox'));
    expect(woken).toEqual(['outbox']);
    undo();
    wakeAfterCommit(database.db, 'outbox');
    expect(woken).toEqual(['outbox']);
  });
});
