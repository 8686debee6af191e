// Progress of a month's finalizing (issue 31, docs/decisions/0044). Finalizing runs in
// one transaction, so its state is invisible to other connections until it commits: the running
// call keeps its progress here (this process only) for GET /admin/abrechnungen/:month/fortschritt,
// which adds the PDFs rendered of the month's documents (rendered after the commit).
import type { FinalizeProgress } from '@housnkuh/shared/schemas/settlement';
import type { Executor } from '../../db/client';
import { pdfCountOfMonth } from '../documents/public';
import { monthOfPath } from './month';

const running = new Map<string, FinalizeProgress>();

/** The finalizing of `month` has begun: checking the data and computing the drafts. */
export function progressStarted(month: string): void {
  running.set(month, { phase: 'pruefen', done: 0, total: 0 });
}

/** The documents are being issued for `total` producers (`done` of them so far). */
export function progressIssuing(month: string, total: number): void {
  running.set(month, { phase: 'belege', done: 0, total });
}

/** One more producer settled. */
export function progressStep(month: string): void {
  const now = running.get(month);
  if (now && now.phase === 'belege') now.done = Math.min(now.total, now.done + 1);
}

/** The finalizing ended (committed or refused). */
export function progressEnded(month: string): void {
  running.delete(month);
}

/** GET /api/admin/abrechnungen/:month/fortschritt */
export async function progressOfMonth(db: Executor, month: string) {
  monthOfPath(month);
  const finalizing = running.get(month);
  return {
    finalizing: finalizing ? { ...finalizing } : null,
    pdfs: await pdfCountOfMonth(db, month),
  };
}
