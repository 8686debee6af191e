import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { renderMail, type RenderedMail } from './layout';

/**
 * The mails of the product, as code defaults. Each takes the site settings
 * (shop name and contact data) and its own data.
 */
function signature(settings: SiteSettings) {
  const a = settings.address;
  return {
    shopName: settings.shopName,
    address: `${a.strasse} ${a.hausnummer}, ${a.plz} ${a.ort}`,
    email: settings.email,
    phone: settings.phone,
  };
}

export function newsletterConfirmationMail(
  settings: SiteSettings,
  data: { name?: string | undefined; confirmUrl: string; validDays: number },
): RenderedMail {
  return renderMail({
    subject: `Bitte bestätige deine Newsletter-Anmeldung bei ${settings.shopName}`,
    greeting: data.name ? `Hallo ${data.name},` : 'Hallo,',
    paragraphs: [
      `schön, dass du dich für den Newsletter von ${settings.shopName} interessierst! Damit wir sicher sein können, dass die Anmeldung von dir kommt, bestätige sie bitte mit einem Klick.`,
    ],
    button: { label: 'Anmeldung bestätigen', url: data.confirmUrl },
    after: [
      `Der Link ist ${data.validDays} Tage gültig. Wenn du dich nicht angemeldet hast, musst du nichts tun: Ohne Bestätigung bekommst du keine weiteren E-Mails von uns.`,
    ],
    signature: signature(settings),
  });
}

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
): RenderedMail {
  return renderMail({
    subject: `Kontaktformular: ${data.subject}`,
    greeting: 'Hallo,',
    paragraphs: [
      `über das Kontaktformular der Website ist eine neue Nachricht eingegangen. Mit „Antworten“ schreibst du direkt an ${data.name}.`,
      [
        `Name: ${data.name}`,
        `E-Mail: ${data.email}`,
        `Telefon: ${data.phone ?? '–'}`,
        `Betreff: ${data.subject}`,
      ].join('\n'),
      data.message,
    ],
    after: ['Die Nachricht steht auch im Verwaltungsbereich unter „Kontaktanfragen“.'],
    signature: signature(settings),
  });
}

/**
 * To the sender: we got the message. It repeats nothing the sender typed
 * besides the name, so the form cannot be used to send others arbitrary text.
 */
export function contactConfirmationMail(
  settings: SiteSettings,
  data: { name: string },
): RenderedMail {
  return renderMail({
    subject: `Deine Nachricht an ${settings.shopName}`,
    greeting: `Hallo ${data.name},`,
    paragraphs: [
      `vielen Dank für deine Nachricht! Sie ist bei uns angekommen, und wir melden uns so schnell wie möglich bei dir – in der Regel innerhalb von 24 Stunden.`,
      `Falls es eilt, erreichst du uns auch telefonisch unter ${settings.phone}.`,
    ],
    after: [
      'Du hast uns nicht geschrieben? Dann hat jemand deine E-Mail-Adresse eingegeben; du musst nichts tun.',
    ],
    signature: signature(settings),
  });
}

export function contestConfirmationMail(
  settings: SiteSettings,
  data: { name: string; guesses: readonly string[]; closingDate: string },
): RenderedMail {
  return renderMail({
    subject: `Deine Teilnahme am Direktvermarkter-Wettbewerb von ${settings.shopName}`,
    greeting: `Hallo ${data.name},`,
    paragraphs: [
      'vielen Dank, dass du beim Wettbewerb „Errate unsere Direktvermarkter!“ mitmachst. Deine Tipps:',
      data.guesses.map((guess, index) => `${index + 1}. ${guess}`).join('\n'),
      `Einsendeschluss ist der ${data.closingDate}. Unter allen richtigen Tipps verlosen wir einen 50-€-Gutschein; wer gewinnt, erfährt es per E-Mail.`,
    ],
    after: [
      'Du hast nicht teilgenommen? Dann hat jemand deine E-Mail-Adresse eingegeben. Schreib uns kurz, dann löschen wir den Eintrag.',
    ],
    signature: signature(settings),
  });
}
