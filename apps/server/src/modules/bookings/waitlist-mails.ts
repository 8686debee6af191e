import { findPackageOption } from '@housnkuh/shared/catalog';
import { formatIsoDay } from '@housnkuh/shared/format';
import type { PricedSelection } from '@housnkuh/shared/pricing';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import {
  mailDraft,
  vendorNamePlaceholder,
  type MailDraft,
  type MailTemplate,
} from '../mail/public';
import { packageLines, packagePlaceholder } from './mails';

// The waiting list's mails (docs/decisions/0074): the offer with its link, the offer that
// lapsed, and to the shop the offer accepted. Registered with the mail module in index.ts.

const unitsPlaceholder = {
  name: 'mietfaecher',
  description: 'Die reservierten Mietfächer, eines je Zeile',
  sample: 'S3 (Schaufenster groß)',
  bodyOnly: true,
};

const waitlistOffer: MailTemplate = {
  key: 'waitlist-offer',
  title: 'Angebot von der Warteliste',
  recipient: 'Direktvermarkter',
  occasion: 'Wenn für eine Anfrage auf der Warteliste ein passendes Mietfach frei wird',
  subject: 'Ein Mietfach ist frei: dein Angebot von {{laden}}',
  body: [
    'Hallo {{name}},',
    'gute Nachricht: Für deine Anfrage auf unserer Warteliste ist jetzt Platz frei. Wir halten dir diese Mietfächer bis einschließlich {{gueltig_bis}} frei:',
    '{{mietfaecher}}',
    '{{paket}}',
    'Wenn du das Angebot annehmen möchtest, öffne diesen Link; dort kannst du es auch ablehnen:',
    '{{link}}',
    'Nimmst du es bis dahin nicht an, geht das Mietfach an die nächste Anfrage auf der Warteliste.',
  ].join('\n\n'),
  placeholders: [
    vendorNamePlaceholder,
    unitsPlaceholder,
    packagePlaceholder,
    {
      name: 'gueltig_bis',
      description: 'Letzter Tag, an dem das Angebot gilt',
      sample: '08.12.2026',
    },
    {
      name: 'link',
      description: 'Link zum Angebot (annehmen oder ablehnen)',
      sample: 'https://housnkuh.de/warteliste/angebot?token=…',
      bodyOnly: true,
    },
  ],
  button: { placeholder: 'link', label: 'Angebot ansehen' },
  required: ['link'],
};

const waitlistOfferLapsed: MailTemplate = {
  key: 'waitlist-offer-lapsed',
  title: 'Angebot der Warteliste abgelaufen',
  recipient: 'Direktvermarkter',
  occasion: 'Wenn ein Angebot der Warteliste nicht rechtzeitig angenommen wurde',
  subject: 'Dein Angebot von {{laden}} ist abgelaufen',
  body: [
    'Hallo {{name}},',
    'das Angebot von der Warteliste galt bis einschließlich {{gueltig_bis}} und ist jetzt abgelaufen. Deine Anfrage haben wir deshalb beendet; das Mietfach geht an die nächste Anfrage auf der Warteliste.',
    'Wenn du weiterhin eine Fläche bei uns möchtest, buche einfach erneut. Dann kommst du wieder auf die Warteliste.',
  ].join('\n\n'),
  placeholders: [
    vendorNamePlaceholder,
    {
      name: 'gueltig_bis',
      description: 'Letzter Tag, an dem das Angebot galt',
      sample: '08.12.2026',
    },
  ],
};

const waitlistAccepted: MailTemplate = {
  key: 'waitlist-accepted',
  title: 'Angebot der Warteliste angenommen',
  recipient: 'Laden',
  occasion: 'Wenn ein Direktvermarkter ein Angebot der Warteliste annimmt',
  subject: 'Angebot angenommen: {{firma}}',
  body: [
    'Hallo,',
    '{{firma}} hat das Angebot von der Warteliste angenommen. Die Mietfächer bleiben für diese Anfrage reserviert:',
    '{{mietfaecher}}',
    'Bitte bestätige die Buchung im Verwaltungsbereich unter „Offene Buchungen“.',
  ].join('\n\n'),
  placeholders: [
    {
      name: 'firma',
      description: 'Unternehmen, sonst Name des Direktvermarkters',
      sample: 'Imkerei Beispiel',
    },
    unitsPlaceholder,
  ],
};

export const waitlistMailTemplates: readonly MailTemplate[] = [
  waitlistOffer,
  waitlistOfferLapsed,
  waitlistAccepted,
];

type Unit = { name: string; optionId: string };

function unitLines(units: readonly Unit[]): string {
  return units
    .map((unit) => {
      const option = findPackageOption(unit.optionId);
      return `${unit.name}${option ? ` (${option.displayName})` : ''}`;
    })
    .join('\n');
}

export function waitlistOfferMail(
  settings: SiteSettings,
  data: {
    name: string;
    units: readonly Unit[];
    pkg: PricedSelection;
    validUntil: string;
    url: string;
  },
): MailDraft {
  return mailDraft(waitlistOffer, settings, {
    name: data.name,
    mietfaecher: unitLines(data.units),
    paket: packageLines(data.pkg).join('\n'),
    gueltig_bis: formatIsoDay(data.validUntil),
    link: data.url,
  });
}

export function waitlistOfferLapsedMail(
  settings: SiteSettings,
  data: { name: string; validUntil: string },
): MailDraft {
  return mailDraft(waitlistOfferLapsed, settings, {
    name: data.name,
    gueltig_bis: formatIsoDay(data.validUntil),
  });
}

export function waitlistAcceptedMail(
  settings: SiteSettings,
  data: { firma: string; units: readonly Unit[] },
): MailDraft {
  return mailDraft(waitlistAccepted, settings, {
    firma: data.firma,
    mietfaecher: unitLines(data.units),
  });
}
