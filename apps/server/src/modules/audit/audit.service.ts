import {
  AUDIT_AREAS,
  auditAreaLabel,
  auditChanges,
  auditSummary,
} from '@housnkuh/shared/audit-view';
import type { AuditEntry, AuditQuery } from '@housnkuh/shared/schemas/admin';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { pageOf } from '../../lib/admin-lists';
import type { Database, Executor } from '../../db/client';
import { adminAudit } from './schema';

/** Who made a change: the signed-in admin. */
export interface Actor {
  id: string;
  name: string;
}

export interface AuditRecord {
  /** e.g. 'settings.update' */
  action: string;
  /** e.g. 'settings', 'admin' */
  entity: string;
  entityId?: string | null;
  /** A short German line for the list. */
  summary: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Records an admin's change (docs/product/admin.md: who, when, what, before
 * and after). Written in the same transaction as the change, so there is no
 * change without its entry and no entry without its change. Never pass
 * password hashes or tokens in before/after.
 */
export async function recordAudit(
  db: Executor,
  /** An admin, or an operator at the command line (id null). */
  actor: Actor | { id: null; name: string },
  record: AuditRecord,
) {
  await db.insert(adminAudit).values(auditRow(actor, record));
}

/** The row of an entry: who, what, and the values before and after. */
function auditRow(actor: Actor | { id: null; name: string }, record: AuditRecord) {
  return {
    adminId: actor.id,
    adminName: actor.name,
    action: record.action,
    entity: record.entity,
    entityId: record.entityId ?? null,
    summary: record.summary,
    before: record.before ?? null,
    after: record.after ?? null,
  };
}

/**
 * Many entries of the past at once, each at its time (the bench's thousands of entries): one
 * INSERT per 1,000.
 */
export async function recordPastAudits(
  db: Executor,
  entries: readonly (AuditRecord & { actor: Actor | { id: null; name: string }; at: Date })[],
): Promise<void> {
  for (let start = 0; start < entries.length; start += 1000) {
    await db
      .insert(adminAudit)
      .values(
        entries
          .slice(start, start + 1000)
          .map(({ actor, at, ...record }) => ({ ...auditRow(actor, record), createdAt: at })),
      );
  }
}

/**
 * The log, newest first, a page at a time, optionally of one area (its
 * entities) or one kind of thing; each entry with its German line and its
 * before/after field by field in German (docs/decisions/0027).
 */
export async function listAudit(db: Database, query: AuditQuery) {
  const conditions: SQL[] = [];
  if (query.entity) conditions.push(eq(adminAudit.entity, query.entity));
  const area = AUDIT_AREAS.find((candidate) => candidate.id === query.area);
  if (area) conditions.push(inArray(adminAudit.entity, [...area.entities]));
  const where = conditions.length ? and(...conditions) : undefined;
  const [total] = await db.select({ n: count() }).from(adminAudit).where(where);
  const rows = await db
    .select()
    .from(adminAudit)
    .where(where)
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const totalCount = total?.n ?? 0;
  const entries: AuditEntry[] = rows.map((row) => ({
    id: row.id,
    adminName: row.adminName,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    summary: auditSummary(row),
    area: auditAreaLabel(row.entity),
    changes: auditChanges(row.before, row.after),
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
  return {
    entries,
    pagination: pageOf(query, totalCount),
  };
}
