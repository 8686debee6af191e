import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { mailDraft, type MailDraft, type MailTemplate } from '../mail/public';

// The contest's mail: the entry's confirmation. Registered with the mail module in index.ts.

const contestConfirmation: MailTemplate = {
  key: 'contest-confirmation',
  title: 'Wettbewerb: Teilnahmebestätigung',
  recipient: 'Teilnehmer',
  occasion: 'Nach der Teilnahme am Wettbewerb „Errate unsere Direktvermarkter!“',
  subject: 'Deine Teilnahme am Direktvermarkter-Wettbewerb von {{laden}}',
  body: [
    'Hallo {{name}},',
    'vielen Dank, dass du beim Wettbewerb „Errate unsere Direktvermarkter!“ mitmachst. Deine Tipps:',
    '{{tipps}}',
    '{{einsendeschluss}} Unter allen richtigen Tipps verlosen wir einen 50-€-Gutschein; wer gewinnt, erfährt es per E-Mail.',
    'Du hast nicht teilgenommen? Dann hat jemand deine E-Mail-Adresse eingegeben. Schreib uns kurz, dann löschen wir den Eintrag.',
  ].join('\n\n'),
  placeholders: [
    { name: 'name', description: 'Name des Teilnehmers', sample: 'Max Mustermann' },
    {
      name: 'tipps',
      description: 'Die drei Tipps, nummeriert',
      sample: '1. Imkerei Beispiel\n2. Hofkäserei Muster\n3. Obsthof Probe',
      bodyOnly: true,
    },
    {
      name: 'einsendeschluss',
      description: 'Satz zum Einsendeschluss',
      sample: 'Mitmachen kannst du bis zur Eröffnung des Ladens.',
    },
  ],
};

/** The contest module's templates, registered with the mail module (index.ts). */
export const contestMailTemplates: readonly MailTemplate[] = [contestConfirmation];

export function contestConfirmationMail(
  settings: SiteSettings,
  data: { name: string; guesses: readonly string[]; deadline: string },
): MailDraft {
  return mailDraft(contestConfirmation, settings, {
    name: data.name,
    tipps: data.guesses.map((guess, index) => `${index + 1}. ${guess}`).join('\n'),
    einsendeschluss: data.deadline,
  });
}
