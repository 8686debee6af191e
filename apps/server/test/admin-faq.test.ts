import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startedApp, adminSender } from './helpers';

const t = startedApp();

const admin = adminSender(() => t);
const publicQuestions = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/faqs/public' }))
    .json()
    .faqs.map((faq: { question: string }) => faq.question);

describe('/api/admin/faq', () => {
  it('creates, edits, deactivates and deletes a question; the public list follows at once', async () => {
    await publicQuestions(); // fills the 5-second cache
    const created = await admin('POST', '/api/admin/faq', {
      category: 'Allgemein',
      question: 'Gibt es Parkplätze?',
      answer: 'Ja, direkt vor dem Laden.',
      keywords: ['Parken', 'Auto', 'Parken'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const faq = created.json().faq;
    expect(faq).toMatchObject({ keywords: ['Parken', 'Auto'], isActive: true });
    expect(await publicQuestions()).toContain('Gibt es Parkplätze?');
    const page = await t.app.inject({ method: 'GET', url: '/faq' });
    if (page.statusCode === 200) expect(page.body).toContain('Gibt es Parkplätze?');
    // the new question comes last
    const list = (await admin('GET', '/api/admin/faq')).json().faqs;
    expect(list.at(-1).id).toBe(faq.id);

    const edited = await admin('PATCH', `/api/admin/faq/${faq.id}`, {
      question: 'Wo kann ich parken?',
    });
    expect(edited.json().faq.question).toBe('Wo kann ich parken?');
    expect(await publicQuestions()).toContain('Wo kann ich parken?');

    await admin('PATCH', `/api/admin/faq/${faq.id}`, { isActive: false });
    expect(await publicQuestions()).not.toContain('Wo kann ich parken?');
    await admin('PATCH', `/api/admin/faq/${faq.id}`, { isActive: true });
    expect(await publicQuestions()).toContain('Wo kann ich parken?');

    const deleted = await admin('DELETE', `/api/admin/faq/${faq.id}`);
    expect(deleted.json()).toEqual({ success: true, message: 'Die Frage ist gelöscht.' });
    expect(await publicQuestions()).not.toContain('Wo kann ich parken?');
    expect((await admin('DELETE', `/api/admin/faq/${faq.id}`)).statusCode).toBe(404);

    const log = (await admin('GET', '/api/admin/audit?entity=faq')).json();
    expect(log.entries.map((e: { summary: string }) => e.summary)).toEqual([
      'FAQ „Wo kann ich parken?“ gelöscht',
      'FAQ „Wo kann ich parken?“ aktiviert',
      'FAQ „Wo kann ich parken?“ deaktiviert',
      'FAQ „Wo kann ich parken?“ geändert',
      'FAQ „Gibt es Parkplätze?“ angelegt',
    ]);
  });

  it('moves a question up and down; the public order follows', async () => {
    const before = (await admin('GET', '/api/admin/faq')).json().faqs;
    const second = before[1];
    const moved = await admin('POST', `/api/admin/faq/${second.id}/move`, { direction: 'up' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().faqs[0].id).toBe(second.id);
    expect((await publicQuestions())[0]).toBe(second.question);
    // at the top nothing moves further
    const again = await admin('POST', `/api/admin/faq/${second.id}/move`, { direction: 'up' });
    expect(again.json().faqs[0].id).toBe(second.id);
    const down = await admin('POST', `/api/admin/faq/${second.id}/move`, { direction: 'down' });
    expect(down.json().faqs.map((f: { id: string }) => f.id)).toEqual(
      before.map((f: { id: string }) => f.id),
    );
  });

  it('refuses bad input with German messages and changes nothing', async () => {
    const before = (await admin('GET', '/api/admin/faq')).json();
    const id = before.faqs[0].id;
    for (const [method, url, body] of [
      ['POST', '/api/admin/faq', { category: 'Quatsch', question: 'X?', answer: 'Y' }],
      ['POST', '/api/admin/faq', { category: 'Allgemein', question: '', answer: 'Y' }],
      ['POST', '/api/admin/faq', { category: 'Allgemein', question: 'X?', answer: '   ' }],
      [
        'POST',
        '/api/admin/faq',
        { category: 'Allgemein', question: 'X?', answer: 'Y', keywords: ['x'.repeat(41)] },
      ],
      ['POST', '/api/admin/faq', { category: 'Allgemein', question: 'X?', answer: 'Y', id: 'z' }],
      ['PATCH', `/api/admin/faq/${id}`, {}],
      ['PATCH', `/api/admin/faq/${id}`, { isActive: 'ja' }],
      ['POST', `/api/admin/faq/${id}/move`, { direction: 'links' }],
    ] as const) {
      const response = await admin(method, url, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json().message).toMatch(/[äöüa-z]/);
    }
    expect((await admin('GET', '/api/admin/faq')).json()).toEqual(before);
    for (const missing of [randomUUID(), 'nicht-da']) {
      const response = await admin('PATCH', `/api/admin/faq/${missing}`, { question: 'X?' });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Diese Frage gibt es nicht (mehr).');
    }
  });
});
