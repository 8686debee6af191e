import { randomInt } from 'node:crypto';
import { contestOpen } from '@housnkuh/shared/contest';
import { bestEntries, rankGuesses } from '@housnkuh/shared/contest-ranking';
import {
  CONTEST_ADMIN_MESSAGES,
  type AdminContestEntry,
  type AdminContestQuery,
  type ContestDraw,
} from '@housnkuh/shared/schemas/admin-contest';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { containing, pageOf } from '../../lib/admin-lists';
import type { Database } from '../../db/client';
import { contestDraws } from './schema';
import { contestEntries } from './schema';
import { transaction } from '../../db/transaction';
import { ConflictError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { writeCsv } from '../../lib/csv';

type EntryRow = typeof contestEntries.$inferSelect;

function adminEntry(row: EntryRow): AdminContestEntry {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    guesses: row.guesses,
    createdAt: row.createdAt.toISOString(),
  };
}

async function draws(db: Database): Promise<ContestDraw[]> {
  const rows = await db
    .select({ draw: contestDraws, winnerEmail: contestEntries.email })
    .from(contestDraws)
    .leftJoin(contestEntries, eq(contestEntries.id, contestDraws.winnerEntryId))
    .orderBy(desc(contestDraws.createdAt));
  return rows.map(({ draw, winnerEmail }) => ({
    id: draw.id,
    answers: draw.answers,
    bestScore: draw.bestScore,
    candidateCount: draw.candidateCount,
    winnerName: draw.winnerName,
    winnerEmail,
    adminName: draw.adminName,
    createdAt: draw.createdAt.toISOString(),
  }));
}

/** The page: entries (a page, searched), the ranking of all guesses, earlier draws. */
export async function contestOverview(
  db: Database,
  settings: SiteSettings,
  query: AdminContestQuery,
) {
  const where: SQL | undefined = query.search
    ? or(
        ilike(contestEntries.name, containing(query.search)),
        ilike(contestEntries.email, containing(query.search)),
      )
    : undefined;
  const [total] = await db.select({ n: count() }).from(contestEntries).where(where);
  const rows = await db
    .select()
    .from(contestEntries)
    .where(where)
    .orderBy(desc(contestEntries.createdAt), desc(contestEntries.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const allGuesses = await db.select({ guesses: contestEntries.guesses }).from(contestEntries);
  const totalCount = total?.n ?? 0;
  return {
    open: contestOpen(settings),
    contest: settings.contest,
    entries: rows.map(adminEntry),
    pagination: pageOf(query, totalCount),
    ranking: rankGuesses(allGuesses).slice(0, 100),
    draws: await draws(db),
  };
}

export async function evaluateContest(db: Database, answers: string[]) {
  const rows = await db.select().from(contestEntries).orderBy(asc(contestEntries.createdAt));
  const { score, entries } = bestEntries(answers, rows);
  return { score, best: entries.map(adminEntry) };
}

/**
 * Draws the winner at random among the entries with the most right guesses,
 * once the contest is over, and records the draw (and the audit entry).
 */
export async function drawWinner(
  db: Database,
  settings: SiteSettings,
  actor: Actor,
  answers: string[],
) {
  if (contestOpen(settings)) throw new ConflictError(CONTEST_ADMIN_MESSAGES.stillOpen);
  return transaction(db, async (tx) => {
    const rows = await tx.select().from(contestEntries).orderBy(asc(contestEntries.createdAt));
    const { score, entries } = bestEntries(answers, rows);
    if (entries.length === 0) throw new ConflictError(CONTEST_ADMIN_MESSAGES.noWinner);
    const winner = entries[randomInt(entries.length)]!;
    const [row] = await tx
      .insert(contestDraws)
      .values({
        answers,
        bestScore: score,
        candidateCount: entries.length,
        winnerEntryId: winner.id,
        winnerName: winner.name,
        adminId: actor.id,
        adminName: actor.name,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'contest.draw',
      entity: 'contest',
      entityId: row!.id,
      summary: `Wettbewerb ausgelost: ${winner.name} (unter ${entries.length} mit ${score} richtigen Tipps)`,
      after: { answers, bestScore: score, candidates: entries.length, winner: winner.name },
    });
    const draw: ContestDraw = {
      id: row!.id,
      answers: row!.answers,
      bestScore: row!.bestScore,
      candidateCount: row!.candidateCount,
      winnerName: row!.winnerName,
      winnerEmail: winner.email,
      adminName: row!.adminName,
      createdAt: row!.createdAt.toISOString(),
    };
    return { draw, best: entries.map(adminEntry) };
  });
}

/**
 * Every entry as CSV for a spreadsheet: semicolons and a byte order mark, so
 * German Excel opens it with umlauts intact (docs/decisions/0017).
 */
export async function contestCsv(db: Database): Promise<string> {
  const rows = await db.select().from(contestEntries).orderBy(asc(contestEntries.createdAt));
  return writeCsv(
    rows.map((row) => [
      row.createdAt.toISOString(),
      row.name,
      row.email,
      row.phone ?? '',
      row.guesses[0] ?? '',
      row.guesses[1] ?? '',
      row.guesses[2] ?? '',
    ]),
    ['Eingang', 'Name', 'E-Mail', 'Telefon', 'Tipp 1', 'Tipp 2', 'Tipp 3'],
  );
}
