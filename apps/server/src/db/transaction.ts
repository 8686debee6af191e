import type { Database, Executor, Transaction } from './client';

interface Pending {
  root: Database;
  callbacks: ((db: Database) => void)[];
}

const open = new WeakMap<object, Pending>();

/**
 * Runs `work` in a transaction, like `db.transaction`, and afterwards, once it
 * has committed, what `afterCommit` asked for (e.g. waking the mail outbox).
 * Nothing runs when the transaction rolls back. Called with a transaction, it
 * opens a savepoint whose requests wait for the outer commit.
 */
export async function transaction<T>(
  executor: Executor,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const outer = open.get(executor);
  const pending: Pending = { root: outer?.root ?? (executor as Database), callbacks: [] };
  const result = await (executor as Database).transaction(async (tx) => {
    open.set(tx, pending);
    try {
      return await work(tx);
    } finally {
      open.delete(tx);
    }
  });
  if (outer) outer.callbacks.push(...pending.callbacks);
  else for (const callback of pending.callbacks) callback(pending.root);
  return result;
}

/**
 * Calls `callback` with the database once the work done through `executor` is
 * committed: at once for the database itself (each statement commits), after
 * the commit for a transaction opened with `transaction()`. A transaction
 * opened otherwise never calls it (the work is found by polling instead).
 */
export function afterCommit(executor: Executor, callback: (db: Database) => void): void {
  const pending = open.get(executor);
  if (pending) pending.callbacks.push(callback);
  else callback(executor as Database);
}

type Topic =
  'outbox' | 'geocoding' | 'contracts' | 'documents' | 'sales-import' | 'restock' | 'waitlist';
const wakers = new WeakMap<object, Map<Topic, Set<() => void>>>();

/** A background worker of this database answers `wakeAfterCommit(…, topic)`; returns the undo. */
export function onWake(db: Executor, topic: Topic, wake: () => void): () => void {
  let byTopic = wakers.get(db);
  if (!byTopic) wakers.set(db, (byTopic = new Map()));
  let set = byTopic.get(topic);
  if (!set) byTopic.set(topic, (set = new Set()));
  set.add(wake);
  return () => void set.delete(wake);
}

/** Wakes the workers of `topic` once what was written through `executor` is committed. */
export function wakeAfterCommit(executor: Executor, topic: Topic): void {
  afterCommit(executor, (db) => {
    for (const wake of wakers.get(db)?.get(topic) ?? []) wake();
  });
}
