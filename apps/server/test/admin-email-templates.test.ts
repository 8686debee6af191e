import { describe, expect, it } from 'vitest';
import { emailTemplates } from '../src/modules/mail/schema';
import { appWithSmtp, adminSender } from './helpers';

const { t, smtp } = appWithSmtp();
const admin = adminSender(() => t);

const contact = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: {
      name: 'Max <b>Muster</b>',
      email,
      subject: 'Frage',
      message: 'Habt ihr sonntags offen?',
    },
  });

describe('/api/admin/email-templates', () => {
  it('lists every mail with its placeholders and the default in use', async () => {
    const response = await admin('GET', '/api/admin/email-templates');
    expect(response.statusCode).toBe(200);
    const { templates } = response.json();
    // every module's templates, by title (whichever module registered first)
    expect(templates.map((template: { key: string }) => template.key)).toEqual([
      'waitlist-offer-lapsed',
      'waitlist-accepted',
      'waitlist-offer',
      'contact-reply',
      'bank-changed',
      'booking-rejected',
      'booking-approved',
      'booking-cancelled',
      'term-ending',
      'contact-confirmation',
      'contact-notification',
      'deletion-done',
      'deletion-waiting',
      'restock-notice',
      'restock-summary',
      'settlement-documents',
      'booking-notification',
      'newsletter-issue',
      'newsletter-confirm',
      'password-reset',
      'trial-ending',
      'vendor-confirm',
      'term-started',
      'booking-cancelled-notification',
      'documents-cancelled',
      'contract-changed',
      'contract-terminated',
      'contract-cancelled',
      'contest-confirmation',
      'vendor-set-password',
      'booking-received',
    ]);
    const reset = templates.find((template: { key: string }) => template.key === 'password-reset');
    expect(reset).toMatchObject({
      title: 'Passwort zurücksetzen',
      isCustom: false,
      subject: 'Neues Passwort für {{laden}}',
      required: ['link'],
      button: { placeholder: 'link', label: 'Neues Passwort festlegen' },
    });
    expect(reset.placeholders.map((p: { name: string }) => p.name)).toEqual([
      'name',
      'link',
      'laden',
      'ladenEmail',
      'ladenTelefon',
      'ladenAdresse',
    ]);
    // the contact receipt goes out after every message (no one asks for it): the list says so
    const receipt = templates.find(
      (template: { key: string }) => template.key === 'contact-confirmation',
    );
    expect(receipt.occasion).toBe(
      'An den Absender nach jeder Nachricht über das Kontaktformular (an eine Adresse höchstens 3 je Stunde)',
    );
    expect((await admin('GET', '/api/admin/email-templates/gibt-es-nicht')).json()).toEqual({
      success: false,
      message: 'Diese E-Mail-Vorlage gibt es nicht.',
    });
  });

  it('refuses a key that a module registered already', () => {
    expect(() =>
      t.app.mailTemplates.add([{ ...t.app.mailTemplates.find('password-reset')!, title: 'Neu' }]),
    ).toThrow("The mail template 'password-reset' is registered twice");
    expect(t.app.mailTemplates.find('password-reset')?.title).toBe('Passwort zurücksetzen');
  });

  it('refuses unknown placeholders, broken braces, a missing link and empty texts, and changes nothing', async () => {
    const cases: [string, object, string, string][] = [
      [
        'contact-confirmation',
        { subject: 'Hallo {{vorname}}', body: 'Danke!' },
        'subject',
        'Unbekannter Platzhalter: {{vorname}}.',
      ],
      [
        'contact-confirmation',
        { subject: 'Danke', body: 'Hallo {{name},\n\ndanke!' },
        'body',
        'Eine geschweifte Klammer ist nicht geschlossen',
      ],
      [
        'password-reset',
        { subject: 'Passwort', body: 'Hallo {{name}}, ein neues Passwort bitte.' },
        'body',
        '{{link}} muss im Text stehen',
      ],
      [
        'contact-notification',
        { subject: 'Neu: {{nachricht}}', body: '{{nachricht}}' },
        'subject',
        '{{nachricht}} hat mehrere Zeilen und kann nur im Text stehen.',
      ],
      [
        'contact-confirmation',
        { subject: '  ', body: 'Text' },
        'subject',
        'Bitte gib einen Betreff ein.',
      ],
      [
        'contact-confirmation',
        { subject: 'Zeile 1\nZeile 2', body: 'Text' },
        'subject',
        'Zeilenumbr',
      ],
      ['contact-confirmation', { subject: 'Betreff', body: '\n\n' }, 'body', 'Bitte gib den Text'],
      ['contact-confirmation', { subject: 'Betreff', body: 'x'.repeat(10_001) }, 'body', '10000'],
      ['contact-confirmation', { subject: 'Betreff' }, 'body', 'Bitte gib den Text'],
    ];
    for (const [key, body, field, message] of cases) {
      for (const action of ['', '/preview']) {
        const response = await admin(
          action ? 'POST' : 'PUT',
          `/api/admin/email-templates/${key}${action}`,
          body,
        );
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        const answer = response.json();
        const error = answer.errors.find((e: { field: string }) => e.field === field);
        expect(error?.message, JSON.stringify(body)).toContain(message);
      }
    }
    expect(await t.database.db.select().from(emailTemplates)).toEqual([]);
  });

  it('previews with sample data, escaped in HTML, and sends a test to the given address', async () => {
    const draft = {
      subject: 'Deine Nachricht an {{laden}}, {{ name }}',
      body: 'Hallo {{name}},\n\n<script>alert(1)</script> Wir melden uns unter {{ladenTelefon}}.',
    };
    const preview = await admin(
      'POST',
      '/api/admin/email-templates/contact-confirmation/preview',
      draft,
    );
    expect(preview.statusCode).toBe(200);
    const mail = preview.json();
    expect(mail.subject).toBe('Deine Nachricht an housnkuh, Max Mustermann');
    expect(mail.text).toContain('Hallo Max Mustermann,\n\n<script>alert(1)</script> Wir melden');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');

    const test = await admin('POST', '/api/admin/email-templates/contact-confirmation/test', {
      ...draft,
      email: 'eva@beispiel.de',
    });
    expect(test.json()).toEqual({
      success: true,
      message: 'Die Test-E-Mail geht an eva@beispiel.de.',
    });
    const received = await smtp.waitForMail('eva@beispiel.de');
    expect(received.subject).toBe('[Test] Deine Nachricht an housnkuh, Max Mustermann');
    const bad = await admin('POST', '/api/admin/email-templates/contact-confirmation/test', {
      ...draft,
      email: 'keine-adresse',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe(
      'Bitte gib eine gültige E-Mail-Adresse für den Test ein.',
    );
  });

  it('a saved version is used by the next mail, its values escaped; reset brings the default back; both are in the log', async () => {
    const saved = await admin('PUT', '/api/admin/email-templates/contact-confirmation', {
      subject: 'Danke, {{name}}!',
      body: 'Moin {{name}},\n\nwir haben deine Nachricht. Bei Eile: {{ladenTelefon}}.',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'Die Vorlage ist gespeichert; die E-Mails verwenden sie ab jetzt.',
      template: { isCustom: true, updatedBy: 'Eva Muster', subject: 'Danke, {{name}}!' },
    });

    expect((await contact('max@beispiel.de')).statusCode).toBe(200);
    const custom = await smtp.waitForMail('max@beispiel.de');
    expect(custom.subject).toBe('Danke, Max <b>Muster</b>!');
    expect(custom.text).toContain('Moin Max <b>Muster</b>,\n\nwir haben deine Nachricht.');
    expect(custom.html).toContain('Moin Max &lt;b&gt;Muster&lt;/b&gt;,');

    const reset = await admin('DELETE', '/api/admin/email-templates/contact-confirmation');
    expect(reset.json()).toMatchObject({
      message: 'Die Vorlage ist auf den Standardtext zurückgesetzt.',
      template: { isCustom: false, subject: 'Deine Nachricht an {{laden}}' },
    });
    smtp.clear();
    await contact('moritz@beispiel.de');
    const standard = await smtp.waitForMail('moritz@beispiel.de');
    expect(standard.subject).toBe('Deine Nachricht an housnkuh');
    expect(standard.text).toContain('vielen Dank für deine Nachricht!');

    const log = (await admin('GET', '/api/admin/audit?entity=email-template')).json();
    expect(log.entries.map((entry: { action: string }) => entry.action)).toEqual([
      'email-template.reset',
      'email-template.save',
    ]);
    expect(log.entries[1].after).toMatchObject({ subject: 'Danke, {{name}}!' });
  });

  it('a link mail keeps its button, wherever the admin puts it', async () => {
    await admin('PUT', '/api/admin/email-templates/password-reset', {
      subject: 'Passwort für {{laden}}',
      body: '{{link}}\n\nHallo {{name}}, oben geht es zum neuen Passwort.',
    });
    const preview = (
      await admin('POST', '/api/admin/email-templates/password-reset/preview', {
        subject: 'Passwort für {{laden}}',
        body: '{{link}}\n\nHallo {{name}}, oben geht es zum neuen Passwort.',
      })
    ).json();
    expect(preview.text.startsWith('Neues Passwort festlegen:\nhttps://')).toBe(true);
    expect(preview.html).toContain('>Neues Passwort festlegen</a>');
    await admin('DELETE', '/api/admin/email-templates/password-reset');
  });
});
