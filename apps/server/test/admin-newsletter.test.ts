import { clock } from '@housnkuh/shared/clock';
import { parse } from 'csv-parse/sync';
import { linkToken } from '@housnkuh/test-support/smtp-catcher';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox } from '../src/modules/mail/schema';
import {
  newsletterConsents,
  newsletterSubscribers,
  newsletterUnsubscribeLinks,
} from '../src/modules/newsletter/schema';
import { hashToken } from '../src/lib/tokens';
import { vendors } from '../src/modules/vendors/schema';
import { appWithSmtp, adminSender } from './helpers';

const { t, smtp } = appWithSmtp();
const HOF_LINK = 'hof-abmeldelink-aaaaaaaaaaaaaaaaaaaaaaaaaaa';
beforeAll(async () => {
  const db = t.database.db;
  const now = clock.now();
  const rows = await db
    .insert(newsletterSubscribers)
    .values([
      {
        email: 'kunde1@beispiel.de',
        name: 'Karla',
        type: 'customer',
        status: 'confirmed',
        confirmedAt: now,
      },
      {
        email: 'kunde2@beispiel.de',
        name: null,
        type: 'customer',
        status: 'confirmed',
        confirmedAt: now,
      },
      {
        email: 'hof@beispiel.de',
        name: 'Hof Müller',
        type: 'vendor',
        status: 'confirmed',
        confirmedAt: now,
      },
      {
        email: 'offen@beispiel.de',
        name: 'Otto',
        type: 'customer',
        status: 'pending',
      },
    ])
    .returning();
  await db.insert(newsletterConsents).values(
    rows.map((row) => ({
      subscriberId: row.id,
      textVersion: 'newsletter-2025-04',
      consentText: 'Ja, ich möchte den Newsletter.',
      confirmedAt: row.confirmedAt,
    })),
  );
  // the hof's link from an earlier newsletter
  await db.insert(newsletterUnsubscribeLinks).values({
    tokenHash: hashToken(HOF_LINK),
    subscriberId: rows.find((row) => row.email === 'hof@beispiel.de')!.id,
  });
  await db
    .insert(vendors)
    .values({ email: 'hof@beispiel.de', name: 'Hof Müller', emailConfirmedAt: now });
});

const admin = adminSender(() => t);

const DRAFT = {
  subject: 'Neu im Laden: Ziegenkäse',
  body: 'Ab Montag gibt es <b>Ziegenkäse</b> vom Hof Müller.\n\nBis bald!',
  audience: 'customer',
};

describe('/api/admin/newsletter', () => {
  it('lists subscribers with filters and exports the confirmed ones with their consent', async () => {
    const all = (await admin('GET', '/api/admin/newsletter/subscribers')).json();
    expect(all.pagination.totalCount).toBe(4);
    const vendorsOnly = (
      await admin('GET', '/api/admin/newsletter/subscribers?type=vendor')
    ).json();
    expect(vendorsOnly.subscribers.map((s: { email: string }) => s.email)).toEqual([
      'hof@beispiel.de',
    ]);
    const pending = (await admin('GET', '/api/admin/newsletter/subscribers?status=pending')).json();
    expect(pending.subscribers).toHaveLength(1);
    expect((await admin('GET', '/api/admin/newsletter/subscribers?status=weg')).statusCode).toBe(
      400,
    );

    const csv = await admin('GET', '/api/admin/newsletter/subscribers/export.csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows: string[][] = parse(csv.body, { bom: true, delimiter: ';' });
    expect(rows[0]).toEqual([
      'E-Mail',
      'Name',
      'Art',
      'Einwilligung erteilt',
      'Einwilligung bestätigt',
      'Text-Version',
    ]);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['hof@beispiel.de', 'kunde1@beispiel.de', 'kunde2@beispiel.de']);
    expect(rows.find((r) => r[0] === 'hof@beispiel.de')!.slice(2)).toEqual([
      'Direktvermarkter',
      expect.stringMatching(/^\d{4}-/),
      expect.stringMatching(/^\d{4}-/),
      'newsletter-2025-04',
    ]);
  });

  it('previews, sends a test, then sends once to every confirmed subscriber of the audience, each with its own unsubscribe link', async () => {
    const preview = (await admin('POST', '/api/admin/newsletter/preview', DRAFT)).json();
    expect(preview).toMatchObject({ subject: DRAFT.subject, recipients: 2 });
    expect(preview.html).toContain('&lt;b&gt;Ziegenkäse&lt;/b&gt;');

    const test = await admin('POST', '/api/admin/newsletter/test', {
      subject: DRAFT.subject,
      body: DRAFT.body,
      email: 'eva@beispiel.de',
    });
    expect(test.json().message).toBe('Der Test geht an eva@beispiel.de.');
    const testMail = await smtp.waitFor((m) => m.to === 'eva@beispiel.de');
    expect(testMail.subject).toBe(`[Test] ${DRAFT.subject}`);
    // the test mail greets like the preview
    expect(preview.text).toContain('Hallo Anna Beispiel,');
    expect(testMail.text).toContain('Hallo Anna Beispiel,');

    const sent = await admin('POST', '/api/admin/newsletter/send', DRAFT);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().issue).toMatchObject({
      recipientCount: 2,
      audience: 'customer',
      adminName: 'Eva Muster',
    });
    const first = await smtp.waitFor((m) => m.to === 'kunde1@beispiel.de');
    const second = await smtp.waitFor((m) => m.to === 'kunde2@beispiel.de');
    expect(first.text).toContain('Hallo Karla,');
    expect(second.text).toContain('Hallo,');
    const link = linkToken(first.text, '/newsletter/abmelden');
    expect(link).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(linkToken(second.text, '/newsletter/abmelden')).not.toBe(link);
    expect(smtp.mails.some((m) => m.to === 'hof@beispiel.de' || m.to === 'offen@beispiel.de')).toBe(
      false,
    );

    // the outbox keeps the sent newsletters without their unsubscribe links
    await vi.waitFor(async () => {
      const kept = await t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, 'kunde1@beispiel.de'), eq(outbox.status, 'sent')));
      expect(kept).toHaveLength(1);
      expect(JSON.stringify(kept)).not.toContain(link);
      expect(kept[0]!.textBody).toContain('/newsletter/abmelden?token=[Link entfernt]');
    });

    const again = await admin('POST', '/api/admin/newsletter/send', DRAFT);
    expect(again.statusCode).toBe(409);
    const issues = (await admin('GET', '/api/admin/newsletter/issues')).json().issues;
    expect(issues).toHaveLength(1);
  });

  it('the unsubscribe link ends that subscription only and never touches the vendor account', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/unsubscribe',
      payload: { token: HOF_LINK },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toContain('abgemeldet');
    const [subscriber] = await t.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'hof@beispiel.de'));
    expect(subscriber!.status).toBe('unsubscribed');
    const [vendor] = await t.database.db
      .select()
      .from(vendors)
      .where(eq(vendors.email, 'hof@beispiel.de'));
    expect(vendor).toMatchObject({ lockedAt: null, isPublic: false });
    expect(vendor!.emailConfirmedAt).not.toBeNull();
    for (const payload of [
      { token: 'falsch' },
      {},
      { token: 'x'.repeat(300) },
      { token: `${'a'.repeat(21)}\u0000${'a'.repeat(21)}` },
      { token: `${'a'.repeat(42)}%` },
      { token: 42 },
    ]) {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/newsletter/unsubscribe',
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(bad.json())).toContain('Dieser Abmeldelink ist ungültig.');
    }
  });

  it('refuses bad drafts with German messages and sends nothing; removes a subscriber', async () => {
    smtp.clear();
    for (const body of [
      { ...DRAFT, subject: '' },
      { ...DRAFT, body: '  ' },
      { ...DRAFT, audience: 'jeder' },
      { ...DRAFT, subject: 'Zeile\nBcc: x@y.de' },
    ]) {
      const response = await admin('POST', '/api/admin/newsletter/send', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(/[a-zäöü]/);
    }
    const bad = await admin('POST', '/api/admin/newsletter/test', {
      subject: 'A',
      body: 'B',
      email: 'kein',
    });
    expect(bad.statusCode).toBe(400);
    const noone = await admin('POST', '/api/admin/newsletter/send', {
      ...DRAFT,
      audience: 'vendor',
    });
    expect(noone.statusCode).toBe(400);
    expect(noone.json().message).toBe(
      'An diese Gruppe gibt es keine bestätigten Abonnenten. Es wurde nichts verschickt.',
    );
    expect(smtp.mails).toEqual([]);
    // nothing recorded either: no issue in the list of sent newsletters
    const issues = (await admin('GET', '/api/admin/newsletter/issues')).json().issues;
    expect(issues.some((issue: { audience: string }) => issue.audience === 'vendor')).toBe(false);

    const [pending] = (
      await admin('GET', '/api/admin/newsletter/subscribers?status=pending')
    ).json().subscribers;
    const removed = await admin('DELETE', `/api/admin/newsletter/subscribers/${pending.id}`);
    expect(removed.json().message).toBe('Der Abonnent ist entfernt.');
    expect(
      (await admin('DELETE', `/api/admin/newsletter/subscribers/${pending.id}`)).statusCode,
    ).toBe(404);
  });
});
