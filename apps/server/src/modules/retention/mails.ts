import { formatIsoDay } from '@housnkuh/shared/format';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import {
  mailDraft,
  vendorNamePlaceholder,
  type MailDraft,
  type MailTemplate,
} from '../mail/public';

// The retention module's mails (docs/decisions/0092). Registered with the mail module in index.ts.

const deletionWaiting: MailTemplate = {
  key: 'deletion-waiting',
  title: 'Löschung vorgemerkt',
  recipient: 'Direktvermarkter',
  occasion:
    'Wenn ein Direktvermarkter die Löschung seines Kontos beantragt und noch etwas offen ist',
  subject: 'Deine Löschung bei {{laden}} ist vorgemerkt',
  body: [
    'Hallo {{name}},',
    'du hast am {{tag}} die Löschung deines Kontos beantragt. Sie ist vorgemerkt und wird ausgeführt, sobald nichts mehr offen ist:',
    '{{offen}}',
    'Du bekommst eine Bestätigung, wenn dein Konto gelöscht ist. Bis dahin kannst du die Löschung in deinem Konto unter „Konto und Kündigung“ zurücknehmen.',
  ].join('\n\n'),
  placeholders: [
    vendorNamePlaceholder,
    { name: 'tag', description: 'Der Tag des Antrags', sample: '29.11.2026' },
    {
      name: 'offen',
      description: 'Was noch offen ist, ein Punkt je Zeile',
      sample: '– Dein Vertrag V-2026-0001 läuft noch bis zum 31.12.2026.',
    },
  ],
};

const deletionDone: MailTemplate = {
  key: 'deletion-done',
  title: 'Konto gelöscht',
  recipient: 'Direktvermarkter',
  occasion: 'Wenn die Löschung eines Direktvermarkter-Kontos ausgeführt ist',
  subject: 'Dein Konto bei {{laden}} ist gelöscht',
  body: [
    'Hallo {{name}},',
    'dein Konto bei {{laden}} ist gelöscht. Entfernt haben wir dein Profil mit Bildern und Kategorien, deine Kontaktdaten und Bankverbindung, dein Passwort, deine Anmeldungen, offene Buchungsanfragen, deine Produkte, die in keiner Abrechnung stehen, und eine Newsletter-Anmeldung dieser Adresse.',
    '{{aufbewahrt}}',
    'Vielen Dank, dass du bei uns verkauft hast.',
  ].join('\n\n'),
  placeholders: [
    vendorNamePlaceholder,
    {
      name: 'aufbewahrt',
      description: 'Was aufbewahrt wird und bis wann (oder dass nichts aufbewahrt wird)',
      sample:
        'Aufbewahren müssen wir nach dem Steuerrecht bis zum 31.12.2036: deine Rechnungen und Verkaufsabrechnungen mit den Verkäufen, auf denen sie beruhen, die Verträge, Auszahlungen und offenen Posten, und dazu deinen Namen, deine Anschrift und Steuerdaten, wie sie darin stehen. Sie sind gesperrt; danach werden auch sie entfernt.',
    },
  ],
};

/** The retention module's templates, registered with the mail module (index.ts). */
export const retentionMailTemplates: readonly MailTemplate[] = [deletionWaiting, deletionDone];

export function deletionWaitingMail(
  settings: SiteSettings,
  data: { name: string; day: string; reasons: readonly string[] },
): MailDraft {
  return mailDraft(deletionWaiting, settings, {
    name: data.name,
    tag: formatIsoDay(data.day),
    offen: data.reasons.map((reason) => `– ${reason}`).join('\n'),
  });
}

export function deletionDoneMail(
  settings: SiteSettings,
  data: { name: string; retainedUntil: string | null },
): MailDraft {
  return mailDraft(deletionDone, settings, {
    name: data.name,
    aufbewahrt: data.retainedUntil
      ? `Aufbewahren müssen wir nach dem Steuerrecht bis zum ${formatIsoDay(data.retainedUntil)}: deine Rechnungen und Verkaufsabrechnungen mit den Verkäufen, auf denen sie beruhen, die Verträge, Auszahlungen und offenen Posten, und dazu deinen Namen, deine Anschrift und Steuerdaten, wie sie darin stehen. Sie sind gesperrt; danach werden auch sie entfernt.`
      : 'Aufbewahren müssen wir nichts: Es gab keine Rechnung und keine Abrechnung. Alles über dich ist entfernt.',
  });
}
