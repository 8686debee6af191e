import { clock } from '@housnkuh/shared/clock';
import { linkToken } from '@housnkuh/test-support/smtp-catcher';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { newsletterConsents, newsletterSubscribers } from '../src/modules/newsletter/schema';
import { outbox } from '../src/modules/mail/schema';
import { appWithSmtp } from './helpers';

const { t, smtp } = appWithSmtp();

const subscribe = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: payload as object });

const tokenFrom = (text: string) => linkToken(text, '/newsletter/confirm');

async function subscriberRow(email: string) {
  const [row] = await t.database.db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  return row;
}

describe('newsletter double opt-in', () => {
  it('stores an unconfirmed subscriber with consent, mails the link, and confirms by it', async () => {
    const response = await subscribe({
      email: 'Anna.Huber@Beispiel.de',
      name: 'Anna',
      type: 'vendor',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message:
        'Fast geschafft! Bitte bestätige deine Anmeldung über den Link in der E-Mail, die wir dir gerade geschickt haben.',
    });

    const stored = await subscriberRow('anna.huber@beispiel.de');
    expect(stored).toMatchObject({
      status: 'pending',
      name: 'Anna',
      type: 'vendor',
      confirmedAt: null,
    });
    const consents = await t.database.db
      .select()
      .from(newsletterConsents)
      .where(eq(newsletterConsents.subscriberId, stored!.id));
    expect(consents).toHaveLength(1);
    expect(consents[0]!.textVersion).toBe('newsletter-2025-04');
    expect(consents[0]!.consentText).toContain('Newsletter von housnkuh');
    expect(consents[0]!.confirmedAt).toBeNull();

    const mail = await smtp.waitFor((m) => m.to === 'anna.huber@beispiel.de');
    expect(mail.subject).toBe('Bitte bestätige deine Newsletter-Anmeldung bei housnkuh');
    expect(mail.text).toContain('Hallo Anna,');
    expect(mail.text).toContain('http://shop.test/newsletter/confirm?token=');
    expect(mail.html).toContain('Anmeldung bestätigen');
    const token = tokenFrom(mail.text);
    // only the hash is stored
    expect(JSON.stringify(stored)).not.toContain(token);

    const confirmed = await t.app.inject({
      method: 'GET',
      url: `/api/newsletter/confirm/${token}`,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      success: true,
      message: 'Newsletter-Anmeldung erfolgreich bestätigt!',
    });
    expect((await subscriberRow('anna.huber@beispiel.de'))!.status).toBe('confirmed');
    const [consent] = await t.database.db
      .select()
      .from(newsletterConsents)
      .where(eq(newsletterConsents.subscriberId, stored!.id));
    expect(consent!.confirmedAt).toBeInstanceOf(Date);

    // the link still works when clicked again
    const again = await t.app.inject({ method: 'GET', url: `/api/newsletter/confirm/${token}` });
    expect(again.statusCode).toBe(200);
  });

  it('signing up twice neither duplicates the subscriber nor sends a second mail at once', async () => {
    const first = await subscribe({ email: 'ben@beispiel.de' });
    const second = await subscribe({ email: 'ben@beispiel.de', name: 'Ben' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const rows = await t.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'ben@beispiel.de'));
    expect(rows).toHaveLength(1);
    const queued = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'ben@beispiel.de'));
    expect(queued).toHaveLength(1);
  });

  it('answers a confirmed address exactly like a new one, and mails nothing', async () => {
    await subscribe({ email: 'clara@beispiel.de' });
    const token = tokenFrom((await smtp.waitFor((m) => m.to === 'clara@beispiel.de')).text);
    await t.app.inject({ method: 'GET', url: `/api/newsletter/confirm/${token}` });

    const repeat = await subscribe({ email: 'clara@beispiel.de' });
    const fresh = await subscribe({ email: 'dora@beispiel.de' });
    expect(repeat.statusCode).toBe(fresh.statusCode);
    expect(repeat.json()).toEqual(fresh.json());
    const queued = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'clara@beispiel.de'));
    expect(queued).toHaveLength(1);
  });

  it('sends a new link when the last one is older than ten minutes', async () => {
    await subscribe({ email: 'emil@beispiel.de' });
    await t.database.db
      .update(newsletterSubscribers)
      .set({ confirmationSentAt: new Date(clock.nowMs() - 11 * 60_000) })
      .where(eq(newsletterSubscribers.email, 'emil@beispiel.de'));
    await subscribe({ email: 'emil@beispiel.de' });
    const queued = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'emil@beispiel.de'));
    expect(queued).toHaveLength(2);
    // the first link no longer works, the second does
    const toEmil = () => smtp.mails.filter((m) => m.to === 'emil@beispiel.de');
    await vi.waitFor(() => expect(toEmil()).toHaveLength(2), { timeout: 5_000, interval: 25 });
    const mails = toEmil();
    const [oldToken, newToken] = mails.map((m) => tokenFrom(m.text));
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/newsletter/confirm/${oldToken}` }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/newsletter/confirm/${newToken}` }))
        .statusCode,
    ).toBe(200);
  });

  it('fails cleanly for unknown, malformed and expired tokens', async () => {
    const invalid = {
      success: false,
      message:
        'Dieser Bestätigungslink ist ungültig oder abgelaufen. Bitte melde dich erneut zum Newsletter an.',
    };
    for (const token of ['A'.repeat(43), 'kurz', '%27%20or%201%3D1--', 'x'.repeat(150)]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/newsletter/confirm/${token}`,
      });
      expect(response.statusCode, token).toBe(400);
      expect(response.json()).toEqual(invalid);
    }

    await subscribe({ email: 'fritz@beispiel.de' });
    const token = tokenFrom((await smtp.waitFor((m) => m.to === 'fritz@beispiel.de')).text);
    await t.database.db
      .update(newsletterSubscribers)
      .set({ confirmTokenExpiresAt: new Date(clock.nowMs() - 1000) })
      .where(eq(newsletterSubscribers.email, 'fritz@beispiel.de'));
    const expired = await t.app.inject({ method: 'GET', url: `/api/newsletter/confirm/${token}` });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(invalid);
    expect((await subscriberRow('fritz@beispiel.de'))!.status).toBe('pending');
  });
});

describe('newsletter validation', () => {
  it('rejects bad input with field messages and stores nothing', async () => {
    const cases: [unknown, { field: string; message: string }[]][] = [
      [{}, [{ field: 'email', message: 'Bitte gib deine E-Mail-Adresse ein' }]],
      [
        { email: 'keine-adresse' },
        [{ field: 'email', message: 'Bitte gib eine gültige E-Mail-Adresse ein' }],
      ],
      [{ email: 42 }, [{ field: 'email', message: 'Bitte gib deine E-Mail-Adresse ein' }]],
      [
        { email: 'gus@beispiel.de', type: 'admin' },
        [
          {
            field: 'type',
            message: 'Bitte wähle aus, ob du Kundin/Kunde oder Direktvermarkter bist',
          },
        ],
      ],
      [
        { email: 'gus@beispiel.de', name: 'Gus\r\nBcc: opfer@beispiel.de' },
        [{ field: 'name', message: 'Bitte ohne Zeilenumbrüche eingeben' }],
      ],
      [
        { email: 'gus@beispiel.de\r\nBcc: opfer@beispiel.de' },
        [{ field: 'email', message: 'Bitte gib eine gültige E-Mail-Adresse ein' }],
      ],
      [
        { email: 'gus@beispiel.de', name: 'x'.repeat(101) },
        [{ field: 'name', message: 'Bitte höchstens 100 Zeichen eingeben' }],
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await subscribe(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: 'Bitte korrigiere die markierten Felder',
        errors,
      });
    }
    expect(await subscriberRow('gus@beispiel.de')).toBeUndefined();
    const queued = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'gus@beispiel.de'));
    expect(queued).toHaveLength(0);
  });
});
