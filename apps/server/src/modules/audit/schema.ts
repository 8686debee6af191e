// The audit module's table (only it writes it; docs/decisions/0013): the admins' change log.
import { bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { foreignId } from '../../db/foreign-key';
import { stampedAt } from '../../db/columns';

/**
 * Every change an admin makes: who, when, what, and the record before and
 * after (docs/product/admin.md). Rows are never changed.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null once the admin is gone; the name stays. */
    adminId: uuid('admin_id').references(() => foreignId('admins'), { onDelete: 'set null' }),
    adminName: text('admin_name').notNull(),
    /** e.g. 'settings.update', 'faq.delete', 'vendor.lock' */
    action: text('action').notNull(),
    /** e.g. 'faq', 'vendor', 'settings' */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    /** A short German description for the list, e.g. 'FAQ „Wann hat der Laden geöffnet?“ geändert'. */
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: stampedAt('created_at'),
  },
  (table) => [
    index('admin_audit_created_idx').on(table.createdAt),
    index('admin_audit_entity_idx').on(table.entity, table.entityId),
  ],
);
