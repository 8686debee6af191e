import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import {
  mailDraft,
  vendorNamePlaceholder,
  type MailDraft,
  type MailTemplate,
} from '../mail/public';

// The products module's mails: the restock notices (docs/product/inventory.md, "Restock
// notices"). Registered with the mail module in index.ts, editable at /admin/email-templates.

/** What the storage service's store-room notice adds (the notice the AGB promise). */
const STORE_ROOM_TEXT =
  'Dein Lagerservice: Wir füllen dein Regal aus dem Lager nach. Im Lager wird die Ware knapp – bitte bring uns Nachschub für das Lager.';

const restockNotice: MailTemplate = {
  key: 'restock-notice',
  title: 'Meldebestand erreicht',
  recipient: 'Direktvermarkter',
  occasion:
    'Wenn der Bestand eines Produkts im Regal oder im Lager auf seinen Meldebestand fällt (einmal, bis wieder aufgefüllt)',
  subject: '{{meldung}}',
  body: [
    'Hallo {{name}},',
    '{{meldung}} (Meldebestand: {{meldebestand}}).',
    '{{lagerservice}}',
    'Deinen Bestand siehst du in deinem Konto unter „Produkte“: {{produktlink}}',
  ].join('\n\n'),
  placeholders: [
    vendorNamePlaceholder,
    {
      name: 'meldung',
      description: 'Produkt und Bestand, z. B. „Bergkäse 200 g: noch 2 im Regal“',
      sample: 'Bergkäse 200 g: noch 2 im Regal',
    },
    { name: 'meldebestand', description: 'Der Meldebestand des Ortes', sample: '2 Stück' },
    {
      name: 'lagerservice',
      description:
        'Beim Lager (Lagerservice): der Hinweis, dass das Lager Nachschub braucht; sonst leer',
      sample: '',
      bodyOnly: true,
    },
    {
      name: 'produktlink',
      description: 'Link zu den Produkten im Konto',
      sample: 'https://example.org/vendor/products',
    },
  ],
};

const restockSummary: MailTemplate = {
  key: 'restock-summary',
  title: 'Meldebestand: Tageszusammenfassung',
  recipient: 'Direktvermarkter',
  occasion:
    'Einmal am Tag, wenn der Direktvermarkter die Zusammenfassung gewählt hat und seit der letzten Meldebestände erreicht wurden',
  subject: 'Nachfüllen: {{anzahl}} bei {{laden}}',
  body: [
    'Hallo {{name}},',
    'seit der letzten Zusammenfassung haben diese Produkte ihren Meldebestand erreicht:',
    '{{liste}}',
    '{{lagerservice}}',
    'Deinen Bestand siehst du in deinem Konto unter „Produkte“: {{produktlink}}',
  ].join('\n\n'),
  placeholders: [
    vendorNamePlaceholder,
    { name: 'anzahl', description: '„1 Produkt“ oder „3 Produkte“', sample: '2 Produkte' },
    {
      name: 'liste',
      description: 'Eine Zeile je Meldung',
      sample:
        '- Bergkäse 200 g: noch 2 im Regal (seit 27.11.2026, 16:05)\n- Waldhonig 500 g: noch 3 im Lager (seit 27.11.2026, 18:40)',
      bodyOnly: true,
    },
    {
      name: 'lagerservice',
      description: 'Wenn eine Meldung das Lager betrifft: der Hinweis zum Lagerservice; sonst leer',
      sample: '',
      bodyOnly: true,
    },
    {
      name: 'produktlink',
      description: 'Link zu den Produkten im Konto',
      sample: 'https://example.org/vendor/products',
    },
  ],
};

export const productsMailTemplates: readonly MailTemplate[] = [restockNotice, restockSummary];

export function restockNoticeMail(
  settings: SiteSettings,
  data: { name: string; line: string; level: string; storeroom: boolean; link: string },
): MailDraft {
  return mailDraft(restockNotice, settings, {
    name: data.name,
    meldung: data.line,
    meldebestand: data.level,
    lagerservice: data.storeroom ? STORE_ROOM_TEXT : '',
    produktlink: data.link,
  });
}

export function restockSummaryMail(
  settings: SiteSettings,
  data: { name: string; count: number; lines: string; storeroom: boolean; link: string },
): MailDraft {
  return mailDraft(restockSummary, settings, {
    name: data.name,
    anzahl: data.count === 1 ? '1 Produkt' : `${data.count} Produkte`,
    liste: data.lines,
    lagerservice: data.storeroom ? STORE_ROOM_TEXT : '',
    produktlink: data.link,
  });
}
