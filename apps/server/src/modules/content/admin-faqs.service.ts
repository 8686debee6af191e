import { clock } from '@housnkuh/shared/clock';
import { isUuid } from '@housnkuh/shared/schemas/params';
import {
  FAQ_MESSAGES,
  type AdminFaq,
  type CreateFaqInput,
  type UpdateFaqInput,
} from '@housnkuh/shared/schemas/admin-faq';
import { asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { faqs } from './schema';
import { transaction } from '../../db/transaction';
import { NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';

type FaqRow = typeof faqs.$inferSelect;
/** One at a time: the order of the questions. */
const FAQ_LOCK = 4714;

function adminFaq(row: FaqRow): AdminFaq {
  return {
    id: row.id,
    category: row.category,
    question: row.question,
    answer: row.answer,
    keywords: row.keywords,
    sortOrder: row.sortOrder,
    isActive: row.isActive,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const auditFaq = (row: FaqRow) => ({
  category: row.category,
  question: row.question,
  answer: row.answer,
  keywords: row.keywords,
  isActive: row.isActive,
  sortOrder: row.sortOrder,
});

export async function listAdminFaqs(db: Database): Promise<AdminFaq[]> {
  const rows = await db.select().from(faqs).orderBy(asc(faqs.sortOrder), asc(faqs.createdAt));
  return rows.map(adminFaq);
}

export async function createFaq(
  db: Database,
  actor: Actor,
  input: CreateFaqInput & { keywords: string[]; isActive: boolean },
): Promise<AdminFaq> {
  return transaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FAQ_LOCK}::int)`);
    const [last] = await tx
      .select({ sortOrder: faqs.sortOrder })
      .from(faqs)
      .orderBy(desc(faqs.sortOrder))
      .limit(1);
    const [row] = await tx
      .insert(faqs)
      .values({ ...input, sortOrder: (last?.sortOrder ?? 0) + 10 })
      .returning();
    await recordAudit(tx, actor, {
      action: 'faq.create',
      entity: 'faq',
      entityId: row!.id,
      summary: `FAQ „${row!.question}“ angelegt`,
      after: auditFaq(row!),
    });
    return adminFaq(row!);
  });
}

async function lockedFaq(tx: Parameters<Parameters<typeof transaction>[1]>[0], id: string) {
  if (!isUuid(id)) throw new NotFoundError(FAQ_MESSAGES.notFound);
  await tx.execute(sql`select pg_advisory_xact_lock(${FAQ_LOCK}::int)`);
  const [row] = await tx.select().from(faqs).where(eq(faqs.id, id));
  if (!row) throw new NotFoundError(FAQ_MESSAGES.notFound);
  return row;
}

export async function updateFaq(
  db: Database,
  actor: Actor,
  id: string,
  input: UpdateFaqInput & { keywords?: string[] },
): Promise<AdminFaq> {
  return transaction(db, async (tx) => {
    const before = await lockedFaq(tx, id);
    const changes = Object.fromEntries(
      Object.entries(input).filter(([, value]) => value !== undefined),
    ) as Partial<FaqRow>;
    const [after] = await tx
      .update(faqs)
      .set({ ...changes, updatedAt: clock.now() })
      .where(eq(faqs.id, id))
      .returning();
    const what =
      input.isActive === false
        ? 'deaktiviert'
        : input.isActive === true && !before.isActive
          ? 'aktiviert'
          : 'geändert';
    await recordAudit(tx, actor, {
      action: 'faq.update',
      entity: 'faq',
      entityId: id,
      summary: `FAQ „${after!.question}“ ${what}`,
      before: auditFaq(before),
      after: auditFaq(after!),
    });
    return adminFaq(after!);
  });
}

export async function deleteFaq(db: Database, actor: Actor, id: string): Promise<void> {
  await transaction(db, async (tx) => {
    const before = await lockedFaq(tx, id);
    await tx.delete(faqs).where(eq(faqs.id, id));
    await recordAudit(tx, actor, {
      action: 'faq.delete',
      entity: 'faq',
      entityId: id,
      summary: `FAQ „${before.question}“ gelöscht`,
      before: auditFaq(before),
    });
  });
}

/** Swaps a question with its neighbour above or below; at the edge nothing moves. */
export async function moveFaq(
  db: Database,
  actor: Actor,
  id: string,
  direction: 'up' | 'down',
): Promise<AdminFaq[]> {
  await transaction(db, async (tx) => {
    const row = await lockedFaq(tx, id);
    // equal sort numbers (initial data) are first spread out, so a swap always moves
    const all = await tx.select().from(faqs).orderBy(asc(faqs.sortOrder), asc(faqs.createdAt));
    if (new Set(all.map((faq) => faq.sortOrder)).size !== all.length) {
      for (const [index, faq] of all.entries()) {
        await tx
          .update(faqs)
          .set({ sortOrder: (index + 1) * 10 })
          .where(eq(faqs.id, faq.id));
        faq.sortOrder = (index + 1) * 10;
      }
    }
    const current = all.find((faq) => faq.id === id) ?? row;
    const [neighbour] = await tx
      .select()
      .from(faqs)
      .where(
        direction === 'up'
          ? lt(faqs.sortOrder, current.sortOrder)
          : gt(faqs.sortOrder, current.sortOrder),
      )
      .orderBy(direction === 'up' ? desc(faqs.sortOrder) : asc(faqs.sortOrder))
      .limit(1);
    if (!neighbour) return;
    await tx.update(faqs).set({ sortOrder: neighbour.sortOrder }).where(eq(faqs.id, id));
    await tx.update(faqs).set({ sortOrder: current.sortOrder }).where(eq(faqs.id, neighbour.id));
    await recordAudit(tx, actor, {
      action: 'faq.move',
      entity: 'faq',
      entityId: id,
      summary: `FAQ „${current.question}“ nach ${direction === 'up' ? 'oben' : 'unten'} verschoben`,
    });
  });
  return listAdminFaqs(db);
}
