import { clock } from '@housnkuh/shared/clock';
import {
  NEWSLETTER_ADMIN_MESSAGES,
  type AdminSubscriber,
  type NewsletterDraft,
  type SubscriberQuery,
} from '@housnkuh/shared/schemas/admin-newsletter';
import { isUuid } from '@housnkuh/shared/schemas/params';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { and, asc, count, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { containing, pageOf } from '../../lib/admin-lists';
import type { Database } from '../../db/client';
import {
  newsletterConsents,
  newsletterIssues,
  newsletterSubscribers,
  newsletterUnsubscribeLinks,
} from './schema';
import { transaction } from '../../db/transaction';
import { ConflictError, InvalidError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { enqueueDeferredMail, enqueueMail, renderDraft } from '../mail/public';
import { hashToken } from '../../lib/tokens';
import { newsletterIssueMail } from './mails';
import { unsubscribeUrl } from './newsletter.service';
import { writeCsv } from '../../lib/csv';

type SubscriberRow = typeof newsletterSubscribers.$inferSelect;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

function adminSubscriber(row: SubscriberRow): AdminSubscriber {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    type: row.type as AdminSubscriber['type'],
    status: row.status as AdminSubscriber['status'],
    createdAt: row.createdAt.toISOString(),
    confirmedAt: iso(row.confirmedAt),
    unsubscribedAt: iso(row.unsubscribedAt),
  };
}

export async function listSubscribers(db: Database, query: SubscriberQuery) {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = containing(query.search);
    conditions.push(
      or(ilike(newsletterSubscribers.email, pattern), ilike(newsletterSubscribers.name, pattern))!,
    );
  }
  if (query.type) conditions.push(eq(newsletterSubscribers.type, query.type));
  if (query.status) conditions.push(eq(newsletterSubscribers.status, query.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const [total] = await db.select({ n: count() }).from(newsletterSubscribers).where(where);
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(where)
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const totalCount = total?.n ?? 0;
  return {
    subscribers: rows.map(adminSubscriber),
    pagination: pageOf(query, totalCount),
  };
}

/** Removes a subscriber with its consent records (erasure on request). */
export async function removeSubscriber(db: Database, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw new NotFoundError(NEWSLETTER_ADMIN_MESSAGES.notFound);
  await transaction(db, async (tx) => {
    const [row] = await tx
      .delete(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, id))
      .returning();
    if (!row) throw new NotFoundError(NEWSLETTER_ADMIN_MESSAGES.notFound);
    await recordAudit(tx, actor, {
      action: 'newsletter.remove',
      entity: 'newsletter',
      entityId: id,
      summary: `Abonnent ${row.email} entfernt`,
      before: { email: row.email, type: row.type, status: row.status },
    });
  });
}

/** The confirmed subscribers with the time and wording of their consent, for a spreadsheet. */
export async function subscribersCsv(db: Database): Promise<string> {
  const rows = await db
    .select({ subscriber: newsletterSubscribers, consent: newsletterConsents })
    .from(newsletterSubscribers)
    .leftJoin(newsletterConsents, eq(newsletterConsents.subscriberId, newsletterSubscribers.id))
    .where(eq(newsletterSubscribers.status, 'confirmed'))
    .orderBy(asc(newsletterSubscribers.confirmedAt));
  return writeCsv(
    rows.map(({ subscriber, consent }) => [
      subscriber.email,
      subscriber.name ?? '',
      subscriber.type === 'vendor' ? 'Direktvermarkter' : 'Kundschaft',
      consent?.givenAt.toISOString() ?? '',
      iso(consent?.confirmedAt ?? subscriber.confirmedAt) ?? '',
      consent?.textVersion ?? '',
    ]),
    ['E-Mail', 'Name', 'Art', 'Einwilligung erteilt', 'Einwilligung bestätigt', 'Text-Version'],
  );
}

function audienceWhere(audience: NewsletterDraft['audience']) {
  const confirmed = eq(newsletterSubscribers.status, 'confirmed');
  return audience === 'all' ? confirmed : and(confirmed, eq(newsletterSubscribers.type, audience));
}

export async function recipientCount(db: Database, audience: NewsletterDraft['audience']) {
  const [row] = await db
    .select({ n: count() })
    .from(newsletterSubscribers)
    .where(audienceWhere(audience));
  return row?.n ?? 0;
}

/** The preview and the test mail greet the same made-up subscriber. */
const SAMPLE_NAME = 'Anna Beispiel';

export function previewNewsletter(
  db: Database,
  settings: SiteSettings,
  publicUrl: string,
  draft: { subject: string; body: string },
) {
  return renderDraft(
    db,
    newsletterIssueMail(settings, {
      ...draft,
      name: SAMPLE_NAME,
      unsubscribeUrl: unsubscribeUrl(publicUrl, 'beispiel'),
    }),
  );
}

export async function sendTestNewsletter(
  db: Database,
  settings: SiteSettings,
  publicUrl: string,
  draft: { subject: string; body: string; email: string },
) {
  await transaction(db, async (tx) => {
    await enqueueMail(tx, {
      to: draft.email,
      kind: 'newsletter-test',
      ...newsletterIssueMail(settings, {
        subject: `[Test] ${draft.subject}`,
        body: draft.body,
        name: SAMPLE_NAME,
        unsubscribeUrl: unsubscribeUrl(publicUrl, 'test'),
      }),
    });
  });
}

/**
 * Sends the newsletter to every confirmed subscriber of the audience through
 * the outbox, each mail with its own unsubscribe link, and keeps it in the
 * list of sent newsletters. The same newsletter again within ten minutes is
 * refused (a double click, a second tab).
 */
export async function sendNewsletter(
  db: Database,
  actor: Actor,
  draft: NewsletterDraft,
  now = clock.now(),
) {
  return transaction(db, async (tx) => {
    // one sending at a time, so two clicks cannot both pass the check below
    await tx.execute(sql`select pg_advisory_xact_lock(4715)`);
    const [recent] = await tx
      .select({ id: newsletterIssues.id })
      .from(newsletterIssues)
      .where(
        and(
          eq(newsletterIssues.subject, draft.subject),
          eq(newsletterIssues.body, draft.body),
          eq(newsletterIssues.audience, draft.audience),
          gt(newsletterIssues.createdAt, new Date(now.getTime() - 10 * 60_000)),
        ),
      );
    if (recent) throw new ConflictError(NEWSLETTER_ADMIN_MESSAGES.sentAlready);
    const recipients = await tx
      .select()
      .from(newsletterSubscribers)
      .where(audienceWhere(draft.audience));
    if (recipients.length === 0) throw new InvalidError(NEWSLETTER_ADMIN_MESSAGES.noRecipients);
    const [issue] = await tx
      .insert(newsletterIssues)
      .values({
        subject: draft.subject,
        body: draft.body,
        audience: draft.audience,
        recipientCount: recipients.length,
        adminId: actor.id,
        adminName: actor.name,
        createdAt: now,
      })
      .returning();
    // each mail is rendered when sent, with an unsubscribe link issued for it (newsletterMailRenderers)
    for (const subscriber of recipients) {
      await enqueueDeferredMail(tx, {
        to: subscriber.email,
        kind: 'newsletter-issue',
        params: { issueId: issue!.id, subscriberId: subscriber.id },
      });
    }
    await recordAudit(tx, actor, {
      action: 'newsletter.send',
      entity: 'newsletter',
      entityId: issue!.id,
      summary: `Newsletter „${draft.subject}“ an ${recipients.length} Abonnenten verschickt`,
      after: { subject: draft.subject, audience: draft.audience, recipients: recipients.length },
    });
    return {
      id: issue!.id,
      subject: issue!.subject,
      audience: issue!.audience as NewsletterDraft['audience'],
      recipientCount: issue!.recipientCount,
      adminName: issue!.adminName,
      createdAt: issue!.createdAt.toISOString(),
    };
  });
}

export async function listIssues(db: Database) {
  const rows = await db
    .select()
    .from(newsletterIssues)
    .orderBy(desc(newsletterIssues.createdAt))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    audience: row.audience as NewsletterDraft['audience'],
    recipientCount: row.recipientCount,
    adminName: row.adminName,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * The public unsubscribe link: ends exactly the subscription its token
 * belongs to; a vendor's account is a separate thing and stays as it is.
 */
export async function unsubscribe(db: Database, token: string, now = clock.now()) {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ status: 'unsubscribed', unsubscribedAt: now, updatedAt: now })
    .where(
      inArray(
        newsletterSubscribers.id,
        db
          .select({ id: newsletterUnsubscribeLinks.subscriberId })
          .from(newsletterUnsubscribeLinks)
          .where(eq(newsletterUnsubscribeLinks.tokenHash, hashToken(token))),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  if (!row) throw new InvalidError('Dieser Abmeldelink ist ungültig.');
  return 'Du bist vom Newsletter abgemeldet. Du bekommst keine Newsletter mehr von uns.';
}
