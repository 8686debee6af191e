import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contestEntries } from '../src/db/schema/contest';
import { outbox } from '../src/db/schema/outbox';
import { createTestApp, startSmtpServer, type TestApp } from './helpers';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  smtp.mails.length = 0;
  await t.database.db.delete(contestEntries);
  await t.database.db.delete(outbox);
  await t.app.settings.update({ contest: { active: true, closingDate: '2025-06-01' } });
});

const good = {
  name: 'Jonas Weber',
  email: 'jonas@beispiel.de',
  guessedVendors: ['Hof Müller', 'Imkerei Größ', 'Kelterei Bauer'],
};

const submit = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/vendor-contest/submit', payload: payload as object });

describe('POST /api/vendor-contest/submit', () => {
  it('stores the entry and mails a confirmation with the guesses', async () => {
    const response = await submit({ ...good, phone: '0171 1234567' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message:
        'Vielen Dank für deine Teilnahme! Wir drücken dir die Daumen – wer gewinnt, erfährt es per E-Mail.',
    });
    const [entry] = await t.database.db.select().from(contestEntries);
    expect(entry).toMatchObject({
      name: 'Jonas Weber',
      email: 'jonas@beispiel.de',
      phone: '0171 1234567',
      guesses: ['Hof Müller', 'Imkerei Größ', 'Kelterei Bauer'],
    });
    const mail = await smtp.waitFor((m) => m.to === 'jonas@beispiel.de');
    expect(mail.subject).toBe('Deine Teilnahme am Direktvermarkter-Wettbewerb von housnkuh');
    expect(mail.text).toContain('1. Hof Müller');
    expect(mail.text).toContain('Einsendeschluss ist der 01.06.2025');
  });

  it('takes one entry per e-mail address', async () => {
    expect((await submit(good)).statusCode).toBe(200);
    const again = await submit({ ...good, email: 'JONAS@beispiel.de', name: 'Jonas W.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Mit dieser E-Mail-Adresse hat bereits jemand teilgenommen. Pro Person ist nur eine Teilnahme möglich.',
    );
    expect(await t.database.db.select().from(contestEntries)).toHaveLength(1);
    expect(
      await t.database.db.select().from(outbox).where(eq(outbox.toAddress, 'jonas@beispiel.de')),
    ).toHaveLength(1);
  });

  it('refuses entries while the contest does not run', async () => {
    await t.app.settings.update({ contest: { active: false, closingDate: '2025-06-01' } });
    const response = await submit(good);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      message: 'Der Wettbewerb ist beendet. Eine Teilnahme ist leider nicht mehr möglich.',
    });
    expect(await t.database.db.select().from(contestEntries)).toHaveLength(0);
  });

  it('rejects bad input and stores and sends nothing', async () => {
    const cases: [unknown, { field: string; message: string }[]][] = [
      [
        {},
        [
          { field: 'name', message: 'Bitte alle Pflichtfelder ausfüllen' },
          { field: 'email', message: 'Bitte alle Pflichtfelder ausfüllen' },
          { field: 'guessedVendors', message: 'Bitte alle Pflichtfelder ausfüllen' },
        ],
      ],
      [
        { ...good, guessedVendors: ['a', 'b'] },
        [{ field: 'guessedVendors', message: 'Bitte alle Pflichtfelder ausfüllen' }],
      ],
      [
        { ...good, guessedVendors: ['a', '', 'c'] },
        [{ field: 'guessedVendors.1', message: 'Bitte alle Pflichtfelder ausfüllen' }],
      ],
      [
        { ...good, guessedVendors: 'Hof Müller' },
        [{ field: 'guessedVendors', message: 'Bitte alle Pflichtfelder ausfüllen' }],
      ],
      [
        { ...good, email: 'jonas' },
        [{ field: 'email', message: 'Bitte gib eine gültige E-Mail-Adresse ein' }],
      ],
      [
        { ...good, phone: 'abc' },
        [{ field: 'phone', message: 'Bitte gib eine gültige Telefonnummer ein' }],
      ],
      [
        { ...good, name: 'Jonas\r\nBcc: opfer@beispiel.de' },
        [{ field: 'name', message: 'Bitte ohne Zeilenumbrüche eingeben' }],
      ],
      [
        { ...good, guessedVendors: ['x'.repeat(101), 'b', 'c'] },
        [{ field: 'guessedVendors.0', message: 'Bitte höchstens 100 Zeichen eingeben' }],
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await submit(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: 'Bitte korrigiere die markierten Felder',
        errors,
      });
    }
    expect(await t.database.db.select().from(contestEntries)).toHaveLength(0);
    expect(await t.database.db.select().from(outbox)).toHaveLength(0);
  });
});
