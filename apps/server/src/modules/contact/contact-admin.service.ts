import { clock } from '@housnkuh/shared/clock';
import { isUuid } from '@housnkuh/shared/schemas/params';
import {
  CONTACT_MESSAGES,
  type AdminContact,
  type AdminContactDetail,
  type AdminContactQuery,
  type ContactReplyInput,
  type ContactStatus,
} from '@housnkuh/shared/schemas/admin-contacts';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { containing, pageOf } from '../../lib/admin-lists';
import type { Database } from '../../db/client';
import { contactReplies } from './schema';
import { contactRequests } from './schema';
import { transaction } from '../../db/transaction';
import { NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { enqueueMail } from '../mail/public';
import { contactReplyMail } from './mails';

type ContactRow = typeof contactRequests.$inferSelect;

// written out: drizzle leaves the columns of a one-table select unqualified
const replyCount = sql<number>`(select count(*)::int from contact_replies r where r.contact_request_id = "contact_requests"."id")`;

function adminContact(row: ContactRow & { replyCount: number }): AdminContact {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    status: row.status as ContactStatus,
    replyCount: Number(row.replyCount),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The inbox, newest first, a page at a time; search in name, address, subject and text. */
export async function listContacts(db: Database, query: AdminContactQuery) {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = containing(query.search);
    conditions.push(
      or(
        ilike(contactRequests.name, pattern),
        ilike(contactRequests.email, pattern),
        ilike(contactRequests.subject, pattern),
        ilike(contactRequests.message, pattern),
      )!,
    );
  }
  const searchOnly = conditions.length ? and(...conditions) : undefined;
  if (query.status) conditions.push(eq(contactRequests.status, query.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const [total] = await db.select({ n: count() }).from(contactRequests).where(where);
  const perStatus = await db
    .select({ status: contactRequests.status, n: count() })
    .from(contactRequests)
    .where(searchOnly)
    .groupBy(contactRequests.status);
  const rows = await db
    .select({ ...getColumns(), replyCount })
    .from(contactRequests)
    .where(where)
    .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const totalCount = total?.n ?? 0;
  const counts = { new: 0, in_progress: 0, done: 0 };
  for (const row of perStatus) {
    if (row.status in counts) counts[row.status as ContactStatus] = row.n;
  }
  return {
    contacts: rows.map(adminContact),
    counts,
    pagination: pageOf(query, totalCount),
  };
}

function getColumns() {
  return {
    id: contactRequests.id,
    name: contactRequests.name,
    email: contactRequests.email,
    phone: contactRequests.phone,
    subject: contactRequests.subject,
    message: contactRequests.message,
    status: contactRequests.status,
    createdAt: contactRequests.createdAt,
    updatedAt: contactRequests.updatedAt,
  };
}

export async function contactDetail(db: Database, id: string): Promise<AdminContactDetail> {
  if (!isUuid(id)) throw new NotFoundError(CONTACT_MESSAGES.notFound);
  const [row] = await db
    .select({ ...getColumns(), replyCount })
    .from(contactRequests)
    .where(eq(contactRequests.id, id));
  if (!row) throw new NotFoundError(CONTACT_MESSAGES.notFound);
  const replies = await db
    .select()
    .from(contactReplies)
    .where(eq(contactReplies.contactRequestId, id))
    .orderBy(asc(contactReplies.createdAt));
  return {
    ...adminContact(row),
    replies: replies.map((reply) => ({
      id: reply.id,
      adminName: reply.adminName,
      subject: reply.subject,
      body: reply.body,
      createdAt: reply.createdAt.toISOString(),
    })),
  };
}

async function lockedContact(tx: Parameters<Parameters<typeof transaction>[1]>[0], id: string) {
  if (!isUuid(id)) throw new NotFoundError(CONTACT_MESSAGES.notFound);
  const [row] = await tx
    .select()
    .from(contactRequests)
    .where(eq(contactRequests.id, id))
    .for('update');
  if (!row) throw new NotFoundError(CONTACT_MESSAGES.notFound);
  return row;
}

export async function setContactStatus(
  db: Database,
  actor: Actor,
  id: string,
  status: ContactStatus,
): Promise<AdminContactDetail> {
  await transaction(db, async (tx) => {
    const before = await lockedContact(tx, id);
    if (before.status === status) return;
    await tx
      .update(contactRequests)
      .set({ status, updatedAt: clock.now() })
      .where(eq(contactRequests.id, id));
    await recordAudit(tx, actor, {
      action: 'contact.status',
      entity: 'contact',
      entityId: id,
      summary: `Kontaktanfrage „${before.subject}“ von ${before.name}: Status ${status}`,
      before: { status: before.status },
      after: { status },
    });
  });
  return contactDetail(db, id);
}

/**
 * Sends the admin's answer to the sender through the outbox and keeps it with
 * the message; a new message is then "in Bearbeitung".
 */
export async function replyToContact(
  db: Database,
  settings: SiteSettings,
  actor: Actor,
  id: string,
  input: ContactReplyInput,
): Promise<AdminContactDetail> {
  await transaction(db, async (tx) => {
    const contact = await lockedContact(tx, id);
    await tx.insert(contactReplies).values({
      contactRequestId: id,
      adminId: actor.id,
      adminName: actor.name,
      subject: input.subject,
      body: input.body,
    });
    await enqueueMail(tx, {
      to: contact.email,
      replyTo: settings.email,
      kind: 'contact-reply',
      ...contactReplyMail(settings, {
        name: contact.name,
        subject: input.subject,
        body: input.body,
        originalMessage: contact.message,
      }),
    });
    if (contact.status === 'new') {
      await tx
        .update(contactRequests)
        .set({ status: 'in_progress', updatedAt: clock.now() })
        .where(eq(contactRequests.id, id));
    }
    await recordAudit(tx, actor, {
      action: 'contact.reply',
      entity: 'contact',
      entityId: id,
      summary: `Antwort an ${contact.name} (${contact.email}): „${input.subject}“`,
      after: { subject: input.subject, body: input.body },
    });
  });
  return contactDetail(db, id);
}
