import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { mailDraft, type MailDraft, type MailTemplate } from '../mail/public';

// The newsletter's mails: the double opt-in link (rendered when the outbox sends it,
// newsletterMailRenderers) and an issue. Registered with the mail module in index.ts.

const newsletterConfirm: MailTemplate = {
  key: 'newsletter-confirm',
  title: 'Newsletter: Anmeldung bestätigen',
  recipient: 'Abonnent',
  occasion: 'Nach der Anmeldung zum Newsletter (Double-Opt-in)',
  subject: 'Bitte bestätige deine Newsletter-Anmeldung bei {{laden}}',
  body: [
    '{{anrede}}',
    'schön, dass du dich für den Newsletter von {{laden}} interessierst! Damit wir sicher sein können, dass die Anmeldung von dir kommt, bestätige sie bitte mit einem Klick.',
    '{{link}}',
    'Der Link ist {{tage}} Tage gültig. Wenn du dich nicht angemeldet hast, musst du nichts tun: Ohne Bestätigung bekommst du keine weiteren E-Mails von uns.',
  ].join('\n\n'),
  placeholders: [
    {
      name: 'anrede',
      description: '„Hallo Anna,“ oder „Hallo,“ ohne Namen',
      sample: 'Hallo Anna,',
    },
    {
      name: 'link',
      description: 'Bestätigungslink (als Knopf, wenn er allein in einem Absatz steht)',
      sample: 'https://example.org/newsletter/confirm?token=beispiel',
    },
    { name: 'tage', description: 'Wie viele Tage der Link gilt', sample: '7' },
  ],
  button: { placeholder: 'link', label: 'Anmeldung bestätigen' },
  required: ['link'],
};

const newsletterIssue: MailTemplate = {
  key: 'newsletter-issue',
  title: 'Newsletter',
  recipient: 'Abonnent',
  occasion: 'Beim Versand eines Newsletters (Rahmen um den Text aus „Newsletter“)',
  subject: '{{betreff}}',
  body: [
    '{{anrede}}',
    '{{text}}',
    'Du bekommst diesen Newsletter, weil du dich bei {{laden}} angemeldet hast. Abmelden kannst du dich jederzeit mit einem Klick: {{abmeldelink}}',
  ].join('\n\n'),
  placeholders: [
    {
      name: 'anrede',
      description: '„Hallo Anna,“ oder „Hallo,“ ohne Namen',
      sample: 'Hallo Anna,',
    },
    {
      name: 'betreff',
      description: 'Betreff des Newsletters',
      sample: 'Neu im Laden: Honig vom Frankenwald',
    },
    {
      name: 'text',
      description: 'Text des Newsletters',
      sample: 'ab dieser Woche gibt es bei uns Honig von der Imkerei Beispiel.\n\nSchau vorbei!',
      bodyOnly: true,
    },
    {
      name: 'abmeldelink',
      description: 'Persönlicher Abmeldelink',
      sample: 'https://example.org/newsletter/abmelden?token=beispiel',
    },
  ],
  required: ['abmeldelink'],
};

const greeting = (name: string | null | undefined) => (name ? `Hallo ${name},` : 'Hallo,');

/** The newsletter module's templates, registered with the mail module (index.ts). */
export const newsletterMailTemplates: readonly MailTemplate[] = [
  newsletterConfirm,
  newsletterIssue,
];

export function newsletterConfirmationMail(
  settings: SiteSettings,
  data: { name?: string | undefined; confirmUrl: string; validDays: number },
): MailDraft {
  return mailDraft(newsletterConfirm, settings, {
    anrede: greeting(data.name),
    link: data.confirmUrl,
    tage: String(data.validDays),
  });
}

/** A newsletter an admin wrote, with this subscriber's own unsubscribe link. */
export function newsletterIssueMail(
  settings: SiteSettings,
  data: { subject: string; body: string; name: string | null; unsubscribeUrl: string },
): MailDraft {
  return mailDraft(newsletterIssue, settings, {
    anrede: greeting(data.name),
    betreff: data.subject,
    text: data.body,
    abmeldelink: data.unsubscribeUrl,
  });
}
