import type { SiteSettings } from '@housnkuh/shared/schemas/settings';

/**
 * Every mail the product sends is a template: subject and body with
 * `{{placeholders}}`, the code's default that an admin may replace at
 * /admin/email-templates (a row of email_templates; render.ts uses it). The
 * module that sends a mail owns its template, in its `mails.ts`, and registers
 * it with the mail module (`app.mailTemplates`, template-registry.ts) so the
 * editor lists it. Each mail function there fills its template's placeholders
 * from its data and answers a draft; enqueueMail renders it with the stored
 * version.
 */

export interface PlaceholderInfo {
  name: string;
  /** What it stands for, shown beside the editor. */
  description: string;
  /** Its value in the preview and the test mail. */
  sample: string;
  /** Several lines: allowed in the body only. */
  bodyOnly?: boolean;
}

export interface MailTemplate {
  /** Unique across the modules; the admin's stored version is kept under it. */
  key: string;
  /** Its name in the admin's list. */
  title: string;
  /** Who gets it. */
  recipient: string;
  /** When it is sent. */
  occasion: string;
  subject: string;
  /** Paragraphs separated by a blank line; a paragraph that is only the button's placeholder becomes the button. */
  body: string;
  placeholders: readonly PlaceholderInfo[];
  button?: { placeholder: string; label: string };
  /** Placeholders the body must keep (its link). */
  required?: readonly string[];
}

/** A mail to be rendered from its template (render.ts) with these values. */
export interface MailDraft {
  template: MailTemplate;
  settings: SiteSettings;
  values: Readonly<Record<string, string>>;
}

/** Placeholders every template offers: the shop's data from the settings. */
export const SHOP_PLACEHOLDERS: readonly Omit<PlaceholderInfo, 'sample'>[] = [
  { name: 'laden', description: 'Name des Ladens (Einstellungen)' },
  { name: 'ladenEmail', description: 'E-Mail-Adresse des Ladens' },
  { name: 'ladenTelefon', description: 'Telefonnummer des Ladens' },
  { name: 'ladenAdresse', description: 'Anschrift des Ladens' },
];

export function shopValues(settings: SiteSettings): Record<string, string> {
  const a = settings.address;
  return {
    laden: settings.shopName,
    ladenEmail: settings.email,
    ladenTelefon: settings.phone,
    ladenAdresse: `${a.strasse} ${a.hausnummer}, ${a.plz} ${a.ort}`,
  };
}

/** The producer's name: a placeholder of the mails of several modules. */
export const vendorNamePlaceholder: PlaceholderInfo = {
  name: 'name',
  description: 'Name des Direktvermarkters',
  sample: 'Anna Beispiel',
};

/** The link to the producer's bookings in its account: a placeholder of several modules' mails. */
export const myBookingsLinkPlaceholder: PlaceholderInfo = {
  name: 'kontolink',
  description: 'Link zu „Meine Buchungen“',
  sample: 'https://example.org/vendor/meine-buchungen',
};

/** A draft of `template` with these values and the shop's. */
export function mailDraft(
  template: MailTemplate,
  settings: SiteSettings,
  values: Record<string, string>,
): MailDraft {
  return { template, settings, values: { ...shopValues(settings), ...values } };
}

/** Every placeholder a template offers: its own and the shop's. */
export function placeholdersOf(template: MailTemplate): string[] {
  return [...template.placeholders.map((p) => p.name), ...SHOP_PLACEHOLDERS.map((p) => p.name)];
}

/** The values of the preview and the test mail: the samples and the shop's real data. */
export function sampleValues(template: MailTemplate, settings: SiteSettings) {
  return {
    ...shopValues(settings),
    ...Object.fromEntries(template.placeholders.map((p) => [p.name, p.sample])),
  };
}
