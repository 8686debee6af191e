import { addDays, formatIsoDay } from '@housnkuh/shared/format';
import { INITIAL_SITE_SETTINGS } from '@housnkuh/shared/site-settings';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { contestEntries } from '../src/modules/contest/schema';
import { outbox } from '../src/modules/mail/schema';
import { appWithSmtp, pinDay } from './helpers';

// the day the file's tests run on (10:00 in Kronach): none of them sees it change
const today = pinDay();
// the form limit (20 an hour) is tested in api.test.ts; this file sends more
const { t, smtp } = appWithSmtp({
  config: { rateLimits: { global: 10_000, forms: 1000, login: 30, sensitive: 20 } },
});
/** A closing date a month ahead: the contest is open (the spec's 01.06.2025 has passed). */
const FUTURE_CLOSING = addDays(today, 30);

beforeEach(async () => {
  await t.database.db.delete(contestEntries);
  await t.database.db.delete(outbox);
  await t.app.settings.update({ contest: { active: true, closingDate: FUTURE_CLOSING } });
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
    expect(mail.text).toContain(`Teilnahmeschluss ist der ${formatIsoDay(FUTURE_CLOSING)}.`);
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

  it('refuses entries while the admin has switched the contest off', async () => {
    await t.app.settings.update({ contest: { active: false, closingDate: FUTURE_CLOSING } });
    const response = await submit(good);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      message: 'Der Wettbewerb ist beendet. Eine Teilnahme ist leider nicht mehr möglich.',
    });
    expect(await t.database.db.select().from(contestEntries)).toHaveLength(0);
    expect(await t.database.db.select().from(outbox)).toHaveLength(0);
  });

  it('takes entries on a fresh install: switched on, no closing date, no opening date', async () => {
    await t.app.settings.update({ contest: INITIAL_SITE_SETTINGS.contest, openingDate: null });
    expect(INITIAL_SITE_SETTINGS.contest).toEqual({ active: true, closingDate: null });
    const response = await submit({ ...good, email: 'frisch@beispiel.de' });
    expect(response.statusCode).toBe(200);
    expect(await t.database.db.select().from(contestEntries)).toHaveLength(1);
    const mail = await smtp.waitFor((m) => m.to === 'frisch@beispiel.de');
    expect(mail.text).toContain('Teilnahmeschluss ist die Eröffnung des Ladens.');
  });

  it('refuses entries once the shop has opened, even before the closing date', async () => {
    await t.app.settings.update({ openingDate: today });
    try {
      const response = await submit(good);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(
        `Der Wettbewerb ist beendet. Teilnahmeschluss war der ${formatIsoDay(addDays(today, -1))}.`,
      );
      expect(await t.database.db.select().from(contestEntries)).toHaveLength(0);
      // the day before the opening it still runs
      await t.app.settings.update({ openingDate: addDays(today, 1) });
      expect((await submit(good)).statusCode).toBe(200);
    } finally {
      await t.app.settings.update({ openingDate: null });
    }
  });

  it('refuses entries after the closing date, naming it; stores and sends nothing', async () => {
    // the spec's closing date, which lies in the past
    await t.app.settings.update({ contest: { active: true, closingDate: '2025-06-01' } });
    const response = await submit(good);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      message: 'Der Wettbewerb ist beendet. Teilnahmeschluss war der 01.06.2025.',
    });
    expect(await t.database.db.select().from(contestEntries)).toHaveLength(0);
    expect(await t.database.db.select().from(outbox)).toHaveLength(0);
  });

  it('refuses entries the day after the closing date', async () => {
    const yesterday = addDays(today, -1);
    await t.app.settings.update({ contest: { active: true, closingDate: yesterday } });
    const response = await submit(good);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      `Der Wettbewerb ist beendet. Teilnahmeschluss war der ${formatIsoDay(yesterday)}.`,
    );
    expect(await t.database.db.select().from(contestEntries)).toHaveLength(0);
  });

  it('takes e-mail addresses and phone numbers up to their maximum length', async () => {
    // 64 + 1 + 186 + 3 = 254 characters; '+49 (9261) 123-45678' has 20
    const email = `${'a'.repeat(64)}@${'b'.repeat(186)}.de`;
    expect(email).toHaveLength(254);
    const response = await submit({ ...good, email, phone: '+49 (9261) 123-45678' });
    expect(response.statusCode).toBe(200);
    const [entry] = await t.database.db.select().from(contestEntries);
    expect(entry).toMatchObject({ email, phone: '+49 (9261) 123-45678' });
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
      // header injection attempts in the e-mail address (it becomes the mail's To)
      [
        { ...good, email: 'jonas@beispiel.de\r\nBcc: opfer@beispiel.de' },
        [{ field: 'email', message: 'Bitte gib eine gültige E-Mail-Adresse ein' }],
      ],
      [
        { ...good, email: 'jonas@beispiel.de\nCc: opfer@beispiel.de' },
        [{ field: 'email', message: 'Bitte gib eine gültige E-Mail-Adresse ein' }],
      ],
      [
        { ...good, email: 'jonas\r@beispiel.de' },
        [{ field: 'email', message: 'Bitte gib eine gültige E-Mail-Adresse ein' }],
      ],
      // … and in the phone number
      [
        { ...good, phone: '0171 1234567\r\nBcc: opfer@beispiel.de' },
        [{ field: 'phone', message: 'Bitte gib eine gültige Telefonnummer ein' }],
      ],
      [
        { ...good, phone: '0171\n1234567' },
        [{ field: 'phone', message: 'Bitte gib eine gültige Telefonnummer ein' }],
      ],
      // length limits: e-mail at most 254 characters, phone at most 20
      [
        { ...good, email: `${'a'.repeat(64)}@${'b'.repeat(187)}.de` },
        [{ field: 'email', message: 'Bitte gib eine gültige E-Mail-Adresse ein' }],
      ],
      [
        { ...good, email: `${'a'.repeat(10_000)}@beispiel.de` },
        [{ field: 'email', message: 'Bitte gib eine gültige E-Mail-Adresse ein' }],
      ],
      [
        { ...good, phone: '+49 (9261) 123-456789' },
        [{ field: 'phone', message: 'Bitte gib eine gültige Telefonnummer ein' }],
      ],
      [
        { ...good, phone: '0'.repeat(10_000) },
        [{ field: 'phone', message: 'Bitte gib eine gültige Telefonnummer ein' }],
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
