import { formatDateTime } from '@housnkuh/shared/format';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import {
  mailDraft,
  vendorNamePlaceholder,
  type MailDraft,
  type MailTemplate,
} from '../mail/public';

// The profiles' mail: the bank account changed. Registered with the mail module in index.ts.

const bankChanged: MailTemplate = {
  key: 'bank-changed',
  title: 'Bankverbindung geändert',
  recipient: 'Direktvermarkter',
  occasion:
    'Wenn ein Direktvermarkter in seinem Profil die Bankverbindung (IBAN) einträgt oder ändert',
  subject: 'Deine Bankverbindung bei {{laden}} wurde geändert',
  body: [
    'Hallo {{name}},',
    'in deinem Konto wurde am {{zeitpunkt}} die Bankverbindung für deine Auszahlungen geändert: {{iban}} (Kontoinhaber: {{kontoinhaber}}).',
    'Warst du das? Dann ist alles in Ordnung. Wenn nicht, melde dich bitte sofort bei uns unter {{ladenTelefon}} oder {{ladenEmail}} und ändere dein Passwort.',
  ].join('\n\n'),
  placeholders: [
    vendorNamePlaceholder,
    {
      name: 'zeitpunkt',
      description: 'Tag und Uhrzeit der Änderung',
      sample: '24.11.2026, 14:05 Uhr',
    },
    {
      name: 'iban',
      description: 'Die neue IBAN, bis auf die ersten und letzten vier Zeichen verdeckt',
      sample: 'DE89 **** **** **** **30 00',
    },
    { name: 'kontoinhaber', description: 'Der neue Kontoinhaber', sample: 'Anna Beispiel' },
  ],
};

/** The profiles module's templates, registered with the mail module (index.ts). */
export const profilesMailTemplates: readonly MailTemplate[] = [bankChanged];

export function bankChangedMail(
  settings: SiteSettings,
  data: { name: string; at: Date; ibanMasked: string; kontoinhaber: string },
): MailDraft {
  return mailDraft(bankChanged, settings, {
    name: data.name,
    zeitpunkt: formatDateTime(data.at),
    iban: data.ibanMasked,
    kontoinhaber: data.kontoinhaber,
  });
}
