import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { mailDraft, type MailDraft, type MailTemplate } from '../mail/public';

// The contact form's mails: to the shop, the sender's copy, the admin's answer. Registered with
// the mail module in index.ts.

/** Receipts to one address per hour at most: the form cannot be used to flood someone's inbox. */
export const CONFIRMATIONS_PER_HOUR = 3;

const contactNotification: MailTemplate = {
  key: 'contact-notification',
  title: 'Kontaktformular: neue Nachricht',
  recipient: 'Laden',
  occasion: 'Wenn jemand das Kontaktformular abschickt',
  subject: 'Kontaktformular: {{betreff}}',
  body: [
    'Hallo,',
    'über das Kontaktformular der Website ist eine neue Nachricht eingegangen. Mit „Antworten“ schreibst du direkt an {{name}}.',
    'Name: {{name}}\nE-Mail: {{email}}\nTelefon: {{telefon}}\nBetreff: {{betreff}}',
    '{{nachricht}}',
    'Die Nachricht steht auch im Verwaltungsbereich unter „Kontaktanfragen“.',
  ].join('\n\n'),
  placeholders: [
    { name: 'name', description: 'Name des Absenders', sample: 'Max Mustermann' },
    { name: 'email', description: 'E-Mail-Adresse des Absenders', sample: 'max@example.org' },
    { name: 'telefon', description: 'Telefon des Absenders oder „–“', sample: '09261 12345' },
    {
      name: 'betreff',
      description: 'Betreff der Nachricht',
      sample: 'Frage zu den Öffnungszeiten',
    },
    {
      name: 'nachricht',
      description: 'Die Nachricht',
      sample: 'Habt ihr auch sonntags geöffnet?',
      bodyOnly: true,
    },
  ],
};

const contactConfirmation: MailTemplate = {
  key: 'contact-confirmation',
  title: 'Kontaktformular: Eingangsbestätigung',
  recipient: 'Absender',
  occasion: `An den Absender nach jeder Nachricht über das Kontaktformular (an eine Adresse höchstens ${CONFIRMATIONS_PER_HOUR} je Stunde)`,
  subject: 'Deine Nachricht an {{laden}}',
  body: [
    'Hallo {{name}},',
    'vielen Dank für deine Nachricht! Sie ist bei uns angekommen, und wir melden uns so schnell wie möglich bei dir – in der Regel innerhalb von 24 Stunden.',
    'Falls es eilt, erreichst du uns auch telefonisch unter {{ladenTelefon}}.',
    'Du hast uns nicht geschrieben? Dann hat jemand deine E-Mail-Adresse eingegeben; du musst nichts tun.',
  ].join('\n\n'),
  placeholders: [{ name: 'name', description: 'Name des Absenders', sample: 'Max Mustermann' }],
};

const contactReply: MailTemplate = {
  key: 'contact-reply',
  title: 'Antwort auf eine Kontaktanfrage',
  recipient: 'Absender',
  occasion: 'Wenn ein Admin unter „Kontaktanfragen“ antwortet',
  subject: '{{betreff}}',
  body: ['Hallo {{name}},', '{{text}}', 'Du hattest uns geschrieben:\n{{zitat}}'].join('\n\n'),
  placeholders: [
    { name: 'name', description: 'Name des Absenders', sample: 'Max Mustermann' },
    {
      name: 'betreff',
      description: 'Betreff der Antwort',
      sample: 'Re: Frage zu den Öffnungszeiten',
    },
    {
      name: 'text',
      description: 'Text der Antwort',
      sample: 'ja, der Laden ist täglich von 5 bis 23 Uhr offen.',
      bodyOnly: true,
    },
    {
      name: 'zitat',
      description: 'Die ursprüngliche Nachricht, jede Zeile mit „> “',
      sample: '> Habt ihr auch sonntags geöffnet?',
      bodyOnly: true,
    },
  ],
};

/** The contact module's templates, registered with the mail module (index.ts). */
export const contactMailTemplates: readonly MailTemplate[] = [
  contactNotification,
  contactConfirmation,
  contactReply,
];

/** To the shop: a new message from the contact form. Answering goes to the sender. */
export function contactNotificationMail(
  settings: SiteSettings,
  data: {
    name: string;
    email: string;
    phone?: string | undefined;
    subject: string;
    message: string;
  },
): MailDraft {
  return mailDraft(contactNotification, settings, {
    name: data.name,
    email: data.email,
    telefon: data.phone ?? '–',
    betreff: data.subject,
    nachricht: data.message,
  });
}

/**
 * To the sender: we got the message. It repeats nothing the sender typed
 * besides the name, so the form cannot be used to send others arbitrary text.
 */
export function contactConfirmationMail(settings: SiteSettings, data: { name: string }): MailDraft {
  return mailDraft(contactConfirmation, settings, { name: data.name });
}

/** An admin's answer to a contact message, with the message it answers below. */
export function contactReplyMail(
  settings: SiteSettings,
  data: { name: string; subject: string; body: string; originalMessage: string },
): MailDraft {
  return mailDraft(contactReply, settings, {
    name: data.name,
    betreff: data.subject,
    text: data.body,
    zitat: data.originalMessage
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n'),
  });
}
