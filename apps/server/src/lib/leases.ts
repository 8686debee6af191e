// Background work shared by several instances on one PostgreSQL (docs/decisions/0050): a piece of
// work is done by the instance that holds its lease (a row of job_leases), never by two at once;
// a holder that dies loses its lease when `until` has passed. On the embedded database there is
// one instance; the lease is claimed alike and always free.
import { randomUUID } from 'node:crypto';
import { clock } from '@housnkuh/shared/clock';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { jobLeases } from '../db/schema/job-leases';

/** This process, as the holder of its leases. */
export const LEASE_HOLDER = randomUUID();

/**
 * Claims the lease `name` for `ttlMs` when no one holds it (or its time has passed); answers
 * whether this process holds it now. A lease this process holds already is not claimed twice.
 */
export async function claimLease(db: Executor, name: string, ttlMs: number): Promise<boolean> {
  const now = clock.now();
  const until = new Date(now.getTime() + ttlMs);
  const claimed = await db
    .insert(jobLeases)
    .values({ name, holder: LEASE_HOLDER, until })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder: LEASE_HOLDER, until },
      setWhere: sql`${jobLeases.until} <= ${now}`,
    })
    .returning({ name: jobLeases.name });
  return claimed.length > 0;
}

/** Gives the lease back (the work is done): another instance may claim it at once. */
export async function releaseLease(db: Executor, name: string): Promise<void> {
  await db
    .delete(jobLeases)
    .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, LEASE_HOLDER)));
}

/**
 * Runs `work` when this process can claim the lease `name`, and gives the lease back after it;
 * answers undefined without running it when another instance holds it.
 */
export async function withLease<T>(
  db: Executor,
  name: string,
  ttlMs: number,
  work: () => Promise<T>,
): Promise<T | undefined> {
  if (!(await claimLease(db, name, ttlMs))) return undefined;
  try {
    return await work();
  } finally {
    await releaseLease(db, name).catch(() => {});
  }
}
