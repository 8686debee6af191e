import { joinNames } from '@housnkuh/shared/availability';
import type { PricedSelection } from '@housnkuh/shared/pricing';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { shopPhase, trialStartText } from '@housnkuh/shared/shop-phase';
import { packageLines, packagePlaceholder, SAMPLE_PACKAGE } from '../bookings/public';
import {
  mailDraft,
  vendorNamePlaceholder,
  type MailDraft,
  type MailTemplate,
} from '../mail/public';

// The accounts' mails: the confirmation link and the password reset, both rendered when the
// outbox sends them (link-mails.ts). Registered with the mail module in index.ts.

const vendorConfirm: MailTemplate = {
  key: 'vendor-confirm',
  title: 'Registrierung: E-Mail-Adresse bestätigen',
  recipient: 'Direktvermarkter',
  occasion:
    'Nach der Registrierung oder Vor-Registrierung, und wenn der Link erneut angefordert wird',
  subject: 'Deine {{art}} bei {{laden}}: bitte E-Mail-Adresse bestätigen',
  body: [
    'Hallo {{name}},',
    'vielen Dank für deine {{art}} als Direktvermarkter bei {{laden}}! Bitte bestätige zuerst deine E-Mail-Adresse, dann kannst du dich anmelden.',
    '{{link}}',
    'Der Link ist 24 Stunden gültig.',
    '{{paket}}',
    'Wie geht es weiter? Wir melden uns innerhalb von 2 Werktagen bei dir und {{weiter}}. {{probemonat}}',
    'Du hast dich nicht registriert? Dann hat jemand deine E-Mail-Adresse eingegeben; ohne Bestätigung wird das Konto nicht aktiv.',
  ].join('\n\n'),
  placeholders: [
    vendorNamePlaceholder,
    {
      name: 'art',
      description: '„Registrierung“ oder „Vor-Registrierung“',
      sample: 'Registrierung',
    },
    {
      name: 'link',
      description: 'Bestätigungslink (als Knopf, wenn er allein in einem Absatz steht)',
      sample: 'https://example.org/vendor/confirm?token=beispiel',
    },
    {
      ...packagePlaceholder,
      description: '„Dein gewähltes Paket:“ mit dem Paket, leer ohne Paket',
      sample: `Dein gewähltes Paket:\n${SAMPLE_PACKAGE}`,
    },
    {
      name: 'weiter',
      description:
        'Der nächste Schritt: Mietfach suchen, auf die Warteliste setzen (wenn nichts Passendes frei ist) oder Fläche planen',
      sample: 'suchen ein passendes freies Mietfach',
    },
    {
      name: 'probemonat',
      description: 'Wann der Probemonat beginnt (aus dem Eröffnungsdatum)',
      sample: 'Dein kostenloser Probemonat beginnt mit der Eröffnung des Ladens.',
    },
  ],
  button: { placeholder: 'link', label: 'E-Mail-Adresse bestätigen' },
  required: ['link'],
};

const passwordReset: MailTemplate = {
  key: 'password-reset',
  title: 'Passwort zurücksetzen',
  recipient: 'Direktvermarkter',
  occasion: 'Wenn unter „Passwort vergessen?“ ein neues Passwort angefordert wird',
  subject: 'Neues Passwort für {{laden}}',
  body: [
    'Hallo {{name}},',
    'jemand hat ein neues Passwort für dein Konto als Direktvermarkter angefordert. Wenn du das warst, lege hier ein neues fest:',
    '{{link}}',
    'Der Link ist eine Stunde gültig und funktioniert nur einmal. Warst du es nicht? Dann ignoriere diese E-Mail; dein Passwort bleibt, wie es ist.',
  ].join('\n\n'),
  placeholders: [
    vendorNamePlaceholder,
    {
      name: 'link',
      description: 'Link zum neuen Passwort (als Knopf, wenn er allein in einem Absatz steht)',
      sample: 'https://example.org/vendor/passwort-zuruecksetzen?token=beispiel',
    },
  ],
  button: { placeholder: 'link', label: 'Neues Passwort festlegen' },
  required: ['link'],
};

const setPassword: MailTemplate = {
  key: 'vendor-set-password',
  title: 'Zugang: Passwort festlegen',
  recipient: 'Direktvermarkter',
  occasion:
    'Wenn der Laden einem Direktvermarkter ohne Passwort (etwa einem selbst angelegten) unter Benutzer den Link zum Festlegen schickt',
  subject: 'Dein Zugang bei {{laden}}: Passwort festlegen',
  body: [
    'Hallo {{name}},',
    'für dich ist ein Zugang als Direktvermarkter bei {{laden}} bereit. Dort siehst du deine Produkte, Verkäufe und Abrechnungen. Lege hier dein Passwort fest, dann kannst du dich anmelden:',
    '{{link}}',
    'Der Link ist 3 Tage gültig und funktioniert nur einmal. Dein Passwort kennst nur du; auch der Laden sieht es nicht.',
  ].join('\n\n'),
  placeholders: [
    vendorNamePlaceholder,
    {
      name: 'link',
      description:
        'Link zum Festlegen des Passworts (als Knopf, wenn er allein in einem Absatz steht)',
      sample: 'https://example.org/vendor/passwort-zuruecksetzen?token=beispiel',
    },
  ],
  button: { placeholder: 'link', label: 'Passwort festlegen' },
  required: ['link'],
};

/** The accounts module's templates, registered with the mail module (index.ts). */
export const accountsMailTemplates: readonly MailTemplate[] = [
  vendorConfirm,
  passwordReset,
  setPassword,
];

export function vendorConfirmationMail(
  settings: SiteSettings,
  data: {
    name: string;
    confirmUrl: string;
    pkg: PricedSelection | null;
    preregistration: boolean;
    /** The chosen types without enough free units now: the request goes on the waiting list. */
    waitlisted?: readonly string[];
  },
): MailDraft {
  const waitlisted = data.waitlisted ?? [];
  return mailDraft(vendorConfirm, settings, {
    name: data.name,
    art: data.preregistration ? 'Vor-Registrierung' : 'Registrierung',
    link: data.confirmUrl,
    paket: data.pkg ? `Dein gewähltes Paket:\n${packageLines(data.pkg).join('\n')}` : '',
    weiter: !data.pkg
      ? 'planen gemeinsam mit dir deine Verkaufsfläche'
      : waitlisted.length
        ? `setzen dich auf die Warteliste, denn für ${joinNames(waitlisted)} ist derzeit nicht genug frei; sobald ein passendes Mietfach frei wird, hörst du von uns`
        : 'suchen ein passendes freies Mietfach',
    probemonat: trialStartText(shopPhase(settings.openingDate)),
  });
}

export function passwordResetMail(
  settings: SiteSettings,
  data: { name: string; resetUrl: string },
): MailDraft {
  return mailDraft(passwordReset, settings, { name: data.name, link: data.resetUrl });
}

export function setPasswordMail(
  settings: SiteSettings,
  data: { name: string; setUrl: string },
): MailDraft {
  return mailDraft(setPassword, settings, { name: data.name, link: data.setUrl });
}
