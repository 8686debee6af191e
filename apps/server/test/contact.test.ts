import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { contactRequests } from '../src/modules/contact/schema';
import { outbox } from '../src/modules/mail/schema';
import { appWithSmtp } from './helpers';

const { t, smtp } = appWithSmtp();
beforeEach(async () => {
  await t.database.db.delete(contactRequests);
  await t.database.db.delete(outbox);
});

const good = {
  name: 'Anna Huber',
  email: 'anna@beispiel.de',
  phone: '+49 9261 12345',
  subject: 'Frage zu Kühlfächern',
  message: 'Hallo,\nhabt ihr noch ein Kühlfach frei?\nViele Grüße',
};

const send = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object });

async function stored() {
  return t.database.db.select().from(contactRequests);
}

describe('POST /api/contact', () => {
  it('stores the message and mails the shop and the sender', async () => {
    const response = await send(good);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message:
        'Vielen Dank für deine Nachricht! Wir melden uns so schnell wie möglich bei dir – in der Regel innerhalb von 24 Stunden.',
    });
    const [row] = await stored();
    expect(row).toMatchObject({ ...good, status: 'new' });

    const notification = await smtp.waitFor((m) => m.to === 'info@housnkuh.de');
    expect(notification.subject).toBe('Kontaktformular: Frage zu Kühlfächern');
    expect(notification.text).toContain('habt ihr noch ein Kühlfach frei?');
    expect(notification.text).toContain('E-Mail: anna@beispiel.de');
    const [queued] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'contact-notification'));
    expect(queued!.replyTo).toBe('anna@beispiel.de');

    const confirmation = await smtp.waitFor((m) => m.to === 'anna@beispiel.de');
    expect(confirmation.subject).toBe('Deine Nachricht an housnkuh');
    expect(confirmation.text).toContain('Hallo Anna Huber,');
    // nothing the sender typed besides the name goes back out
    expect(confirmation.text).not.toContain('Kühlfach');
  });

  it('accepts a message without phone', async () => {
    const { phone: _phone, ...withoutPhone } = good;
    expect((await send(withoutPhone)).statusCode).toBe(200);
    expect((await stored())[0]!.phone).toBeNull();
  });

  it('rejects bad input with the messages as a list of strings, and stores and sends nothing', async () => {
    const cases: [unknown, string[]][] = [
      [
        {},
        [
          'Bitte gib deinen Namen ein',
          'Bitte gib deine E-Mail-Adresse ein',
          'Bitte gib einen Betreff ein',
          'Bitte gib deine Nachricht ein',
        ],
      ],
      [{ ...good, email: 'anna@' }, ['Bitte gib eine gültige E-Mail-Adresse ein']],
      [{ ...good, phone: '12' }, ['Bitte gib eine gültige Telefonnummer ein']],
      [{ ...good, phone: 'ruf mich an' }, ['Bitte gib eine gültige Telefonnummer ein']],
      [
        { ...good, name: 17, subject: ['a'] },
        ['Bitte gib deinen Namen ein', 'Bitte gib einen Betreff ein'],
      ],
      [{ ...good, message: 'x'.repeat(5001) }, ['Bitte höchstens 5000 Zeichen eingeben']],
      [{ ...good, subject: 'x'.repeat(201) }, ['Bitte höchstens 200 Zeichen eingeben']],
      // header injection attempts
      [{ ...good, name: 'Anna\r\nBcc: opfer@beispiel.de' }, ['Bitte ohne Zeilenumbrüche eingeben']],
      [
        { ...good, subject: 'Hallo\nBcc: opfer@beispiel.de' },
        ['Bitte ohne Zeilenumbrüche eingeben'],
      ],
      [
        { ...good, email: 'anna@beispiel.de\r\nBcc: opfer@beispiel.de' },
        ['Bitte gib eine gültige E-Mail-Adresse ein'],
      ],
      [
        { ...good, email: 'anna@beispiel.de, opfer@beispiel.de' },
        ['Bitte gib eine gültige E-Mail-Adresse ein'],
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await send(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: 'Bitte korrigiere die markierten Felder',
        errors,
      });
    }
    expect(await stored()).toHaveLength(0);
    expect(await t.database.db.select().from(outbox)).toHaveLength(0);
  });

  it('sends a sender at most three confirmations an hour, but keeps every message', async () => {
    for (let i = 0; i < 5; i++)
      expect((await send({ ...good, subject: `Frage ${i}` })).statusCode).toBe(200);
    expect(await stored()).toHaveLength(5);
    const confirmations = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'contact-confirmation'));
    expect(confirmations).toHaveLength(3);
    const notifications = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'contact-notification'));
    expect(notifications).toHaveLength(5);
  });
});
