import { formatEuro, formatIsoDay } from '@housnkuh/shared/format';
import { formatMonth } from '@housnkuh/shared/months';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import {
  mailDraft,
  vendorNamePlaceholder,
  type MailDraft,
  type MailTemplate,
} from '../mail/public';

// The documents' mail: the month's invoice and sales statement, attached by reference
// (docs/decisions/0034). Registered with the mail module in index.ts.

const settlementDocuments: MailTemplate = {
  key: 'settlement-documents',
  title: 'Monatsabrechnung',
  recipient: 'Direktvermarkter',
  occasion:
    'Wenn ein Monat abgerechnet ist: mit der Rechnung des Ladens und der Verkaufsabrechnung als PDF im Anhang',
  subject: 'Abrechnung für {{monat}}',
  body: [
    'Hallo {{name}},',
    'anbei erhältst du deine Abrechnung für {{monat}}: {{belege}}.',
    '{{auszahlung}}',
    'Alle Belege findest du auch in deinem Konto unter „Rechnungen“ und „Verkaufsabrechnungen“. Bei Fragen erreichst du uns unter {{ladenTelefon}}.',
  ].join('\n\n'),
  placeholders: [
    vendorNamePlaceholder,
    { name: 'monat', description: 'Der abgerechnete Monat', sample: 'Oktober 2026' },
    {
      name: 'belege',
      description: 'Die Nummern der angehängten Belege',
      sample: 'Rechnung RE-2026-00001 und Verkaufsabrechnung VA-2026-00001',
    },
    {
      name: 'auszahlung',
      description: 'Der Auszahlungsbetrag, oder was der Direktvermarkter schuldet',
      sample: 'Wir überweisen dir 9,29 € auf dein Konto.',
      bodyOnly: true,
    },
  ],
};

const documentsCancelled: MailTemplate = {
  key: 'documents-cancelled',
  title: 'Storno einer Abrechnung',
  recipient: 'Direktvermarkter',
  occasion:
    'Wenn der Laden eine Rechnung oder Verkaufsabrechnung storniert: mit den Stornobelegen als PDF im Anhang',
  subject: 'Storno: {{belege}}',
  body: [
    'Hallo {{name}},',
    'wir haben {{belege}} für {{monat}} storniert. Grund: {{grund}}',
    'Die Stornobelege findest du im Anhang und in deinem Konto. Deine Abrechnung für {{monat}} wird neu erstellt; die neuen Belege bekommst du mit einer eigenen E-Mail.',
  ].join('\n\n'),
  placeholders: [
    vendorNamePlaceholder,
    { name: 'monat', description: 'Der Monat der stornierten Belege', sample: 'Oktober 2026' },
    {
      name: 'belege',
      description: 'Die stornierten Belege mit den Nummern der Stornobelege',
      sample: 'Rechnung RE-2026-00001 (Storno ST-2026-00001)',
    },
    { name: 'grund', description: 'Der Grund der Stornierung', sample: 'Falscher Mietpreis' },
  ],
};

export const documentsMailTemplates: readonly MailTemplate[] = [
  settlementDocuments,
  documentsCancelled,
];

const TYPE_NAMES = { rechnung: 'Rechnung', verkaufsabrechnung: 'Verkaufsabrechnung' } as const;

export function documentsCancelledMail(
  settings: SiteSettings,
  data: {
    name: string;
    month: string;
    reason: string;
    cancelled: readonly {
      type: keyof typeof TYPE_NAMES;
      number: string;
      stornoNumber: string;
    }[];
  },
): MailDraft {
  return mailDraft(documentsCancelled, settings, {
    name: data.name,
    monat: formatMonth(data.month),
    belege: data.cancelled
      .map((entry) => `${TYPE_NAMES[entry.type]} ${entry.number} (Storno ${entry.stornoNumber})`)
      .join(' und '),
    grund: data.reason,
  });
}

/** A negative month: what is owed, by when, to which account, with which reference. */
function owedText(data: {
  statementNumber: string;
  payoutCents: number;
  dueOn?: string | null;
  shopAccount?: { kontoinhaber: string | null; iban: string | null };
}): string {
  const account = [
    data.shopAccount?.kontoinhaber,
    data.shopAccount?.iban ? `IBAN ${data.shopAccount.iban}` : null,
  ].filter(Boolean);
  return [
    `Aus dieser Abrechnung schuldest du uns ${formatEuro(-data.payoutCents)}.`,
    `Bitte überweise den Betrag${data.dueOn ? ` bis zum ${formatIsoDay(data.dueOn)}` : ''} auf unser Konto${account.length > 0 ? ` (${account.join(', ')})` : ''} mit dem Verwendungszweck ${data.statementNumber}.`,
    'Bleibt er offen, verrechnen wir ihn mit der nächsten Abrechnung.',
  ].join(' ');
}

export function settlementDocumentsMail(
  settings: SiteSettings,
  data: {
    name: string;
    month: string;
    invoiceNumber: string | null;
    statementNumber: string;
    payoutCents: number;
    /** a negative month: the due day and the shop's account (as issued) */
    dueOn?: string | null;
    shopAccount?: { kontoinhaber: string | null; iban: string | null };
  },
): MailDraft {
  const documents = data.invoiceNumber
    ? `Rechnung ${data.invoiceNumber} und Verkaufsabrechnung ${data.statementNumber}`
    : `Verkaufsabrechnung ${data.statementNumber}`;
  const payout =
    data.payoutCents > 0
      ? `Wir überweisen dir ${formatEuro(data.payoutCents)} auf dein Konto.`
      : data.payoutCents < 0
        ? owedText(data)
        : 'Aus dieser Abrechnung ergibt sich keine Auszahlung.';
  return mailDraft(settlementDocuments, settings, {
    name: data.name,
    monat: formatMonth(data.month),
    belege: documents,
    auszahlung: payout,
  });
}
