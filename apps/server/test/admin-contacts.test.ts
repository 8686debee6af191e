import { clock } from '@housnkuh/shared/clock';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactRequests } from '../src/modules/contact/schema';
import { appWithSmtp, adminSender } from './helpers';

const { t, smtp } = appWithSmtp();
beforeAll(async () => {
  // 120 older messages, then one from the contact form
  const base = clock.nowMs() - 120 * 60_000;
  await t.database.db.insert(contactRequests).values(
    Array.from({ length: 120 }, (_, n) => ({
      name: `Kunde ${n}`,
      email: `kunde${n}@beispiel.de`,
      subject: n % 4 ? 'Frage zu Öffnungszeiten' : 'Kühlfach mieten',
      message: `Nachricht ${n}`,
      status: n % 3 === 0 ? 'done' : 'new',
      createdAt: new Date(base + n * 60_000),
    })),
  );
  await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: {
      name: 'Anna Huber',
      email: 'anna@beispiel.de',
      subject: 'Honig im Angebot?',
      message: 'Habt ihr auch Waldhonig?',
    },
  });
});

const admin = adminSender(() => t);

describe('/api/admin/contacts', () => {
  it('lists newest first with paging, search and status filter', async () => {
    const first = (await admin('GET', '/api/admin/contacts?limit=25')).json();
    expect(first.contacts[0]).toMatchObject({ name: 'Anna Huber', status: 'new', replyCount: 0 });
    expect(first.pagination).toMatchObject({ totalCount: 121, totalPages: 5 });
    expect(first.counts).toEqual({ new: 81, in_progress: 0, done: 40 });
    const last = (await admin('GET', '/api/admin/contacts?limit=25&page=5')).json();
    expect(last.contacts).toHaveLength(21);
    expect(last.contacts.at(-1).name).toBe('Kunde 0');

    const search = (
      await admin('GET', `/api/admin/contacts?search=${encodeURIComponent('kühlfach')}`)
    ).json();
    expect(search.pagination.totalCount).toBe(30);
    const done = (await admin('GET', '/api/admin/contacts?status=done')).json();
    expect(done.pagination.totalCount).toBe(40);
    for (const url of [
      '/api/admin/contacts?status=offen',
      '/api/admin/contacts?page=-1',
      `/api/admin/contacts?search=${'x'.repeat(101)}`,
    ]) {
      expect((await admin('GET', url)).statusCode, url).toBe(400);
    }
  });

  it('replies through the outbox, keeps the reply and moves the message to in progress', async () => {
    const [anna] = (await admin('GET', '/api/admin/contacts?search=anna')).json().contacts;
    const replied = await admin('POST', `/api/admin/contacts/${anna.id}/reply`, {
      subject: 'Re: Honig im Angebot?',
      body: 'Hallo Anna,\n\nja, ab nächster Woche <b>Waldhonig</b> von der Imkerei Größ.',
    });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json().contact).toMatchObject({
      status: 'in_progress',
      replyCount: 1,
      replies: [{ adminName: 'Eva Muster', subject: 'Re: Honig im Angebot?' }],
    });
    const mail = await smtp.waitFor(
      (m) => m.to === 'anna@beispiel.de' && m.subject.startsWith('Re:'),
    );
    expect(mail.text).toContain('ab nächster Woche <b>Waldhonig</b>');
    expect(mail.text).toContain('> Habt ihr auch Waldhonig?');
    // the admin's text is escaped in the HTML part
    expect(mail.html).toContain('&lt;b&gt;Waldhonig&lt;/b&gt;');

    const done = await admin('PATCH', `/api/admin/contacts/${anna.id}`, { status: 'done' });
    expect(done.json().contact.status).toBe('done');
    const log = (await admin('GET', '/api/admin/audit?entity=contact')).json();
    expect(log.entries.map((e: { action: string }) => e.action)).toEqual([
      'contact.status',
      'contact.reply',
    ]);
  });

  it('refuses bad input with German messages, changes and sends nothing; 404 for unknown ids', async () => {
    const [first] = (await admin('GET', '/api/admin/contacts')).json().contacts;
    for (const [url, body] of [
      [`/api/admin/contacts/${first.id}/reply`, { subject: '', body: 'Hallo' }],
      [`/api/admin/contacts/${first.id}/reply`, { subject: 'Re', body: '   ' }],
      [`/api/admin/contacts/${first.id}/reply`, { subject: 'Re\nBcc: x@y.de', body: 'Hallo' }],
      [`/api/admin/contacts/${first.id}/reply`, { subject: 'Re', body: 'x', to: 'a@b.de' }],
    ] as const) {
      const response = await admin('POST', url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(/[a-zäöü]/);
    }
    const bad = await admin('PATCH', `/api/admin/contacts/${first.id}`, { status: 'offen' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe('Bitte wähle neu, in Bearbeitung oder erledigt.');
    const unchanged = (await admin('GET', `/api/admin/contacts/${first.id}`)).json().contact;
    expect(unchanged.replies).toHaveLength(first.replyCount);
    expect(unchanged.status).toBe(first.status);
    for (const id of [randomUUID(), 'kaputt']) {
      const missing = await admin('POST', `/api/admin/contacts/${id}/reply`, {
        subject: 'Re',
        body: 'Hallo',
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Diese Nachricht gibt es nicht (mehr).');
    }
  });
});
