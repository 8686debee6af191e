import { EXTRA_SERVICES, formatOptionCount } from '@housnkuh/shared/catalog';
import { formatEuro, formatEuroChange, formatPercent } from '@housnkuh/shared/format';
import {
  PRICE_ON_REQUEST_LABEL,
  onlyPricedOnRequest,
  priceWithRequestNote,
  type PricedSelection,
} from '@housnkuh/shared/pricing';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { shopPhase, trialStartText } from '@housnkuh/shared/shop-phase';
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

/** A newsletter an admin wrote, with this subscriber's own unsubscribe link. */
export function newsletterIssueMail(
  settings: SiteSettings,
  data: { subject: string; body: string; name: string | null; unsubscribeUrl: string },
): RenderedMail {
  return renderMail({
    subject: data.subject,
    greeting: data.name ? `Hallo ${data.name},` : 'Hallo,',
    paragraphs: data.body.split(/\n{2,}/),
    after: [
      `Du bekommst diesen Newsletter, weil du dich bei ${settings.shopName} angemeldet hast. Abmelden kannst du dich jederzeit mit einem Klick: ${data.unsubscribeUrl}`,
    ],
    signature: signature(settings),
  });
}

/** An admin's answer to a contact message, with the message it answers below. */
export function contactReplyMail(
  settings: SiteSettings,
  data: { name: string; subject: string; body: string; originalMessage: string },
): RenderedMail {
  return renderMail({
    subject: data.subject,
    greeting: `Hallo ${data.name},`,
    paragraphs: data.body.split(/\n{2,}/),
    after: [
      `Du hattest uns geschrieben:\n${data.originalMessage
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n')}`,
    ],
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
  data: { name: string; guesses: readonly string[]; deadline: string },
): RenderedMail {
  return renderMail({
    subject: `Deine Teilnahme am Direktvermarkter-Wettbewerb von ${settings.shopName}`,
    greeting: `Hallo ${data.name},`,
    paragraphs: [
      'vielen Dank, dass du beim Wettbewerb „Errate unsere Direktvermarkter!“ mitmachst. Deine Tipps:',
      data.guesses.map((guess, index) => `${index + 1}. ${guess}`).join('\n'),
      `${data.deadline} Unter allen richtigen Tipps verlosen wir einen 50-€-Gutschein; wer gewinnt, erfährt es per E-Mail.`,
    ],
    after: [
      'Du hast nicht teilgenommen? Dann hat jemand deine E-Mail-Adresse eingegeben. Schreib uns kurz, dann löschen wir den Eintrag.',
    ],
    signature: signature(settings),
  });
}

/** The package as lines of text: areas, extra services, prices (German money). */
export function packageLines(pkg: PricedSelection): string[] {
  const lines = pkg.items.map((item) => {
    const label = formatOptionCount(item.id, item.count, item.name);
    return item.priceDisplay
      ? `${label}: ${PRICE_ON_REQUEST_LABEL}`
      : `${label} à ${formatEuro(item.price)} = ${formatEuro(item.price * item.count)}`;
  });
  for (const service of EXTRA_SERVICES) {
    if (pkg.zusatzleistungen[service.id]) {
      lines.push(`${service.name}: ${formatEuroChange(service.price)} im Monat`);
    }
  }
  const price = pkg.price;
  return [
    ...lines,
    '',
    `Provisionsmodell: ${pkg.provisionType === 'premium' ? 'Premium-Modell' : 'Basismodell'} (${pkg.provisionRate} % Provision auf den Umsatz)`,
    `Mietdauer: ${pkg.rentalDuration} Monate`,
    `Zwischensumme: ${
      price.subtotal === 0 && onlyPricedOnRequest(pkg.items)
        ? PRICE_ON_REQUEST_LABEL
        : `${formatEuro(price.subtotal)} im Monat`
    }`,
    ...(price.discount > 0
      ? [`Rabatt: ${formatPercent(price.discount)} (−${formatEuro(price.discountAmount)})`]
      : []),
    `Monatlich: ${priceWithRequestNote(pkg.items, price.monthlyTotal)}`,
  ];
}

export function vendorConfirmationMail(
  settings: SiteSettings,
  data: {
    name: string;
    confirmUrl: string;
    pkg: PricedSelection | null;
    preregistration: boolean;
  },
): RenderedMail {
  return renderMail({
    subject: data.preregistration
      ? `Deine Vor-Registrierung bei ${settings.shopName}: bitte E-Mail-Adresse bestätigen`
      : `Deine Registrierung bei ${settings.shopName}: bitte E-Mail-Adresse bestätigen`,
    greeting: `Hallo ${data.name},`,
    paragraphs: [
      `vielen Dank für deine ${data.preregistration ? 'Vor-Registrierung' : 'Registrierung'} als Direktvermarkter bei ${settings.shopName}! Bitte bestätige zuerst deine E-Mail-Adresse, dann kannst du dich anmelden.`,
    ],
    button: { label: 'E-Mail-Adresse bestätigen', url: data.confirmUrl },
    after: [
      ...(data.pkg
        ? [
            'Der Link ist 24 Stunden gültig. Dein gewähltes Paket:',
            packageLines(data.pkg).join('\n'),
          ]
        : ['Der Link ist 24 Stunden gültig.']),
      `Wie geht es weiter? Wir melden uns innerhalb von 2 Werktagen bei dir und ${data.pkg ? 'suchen ein passendes freies Mietfach' : 'planen gemeinsam mit dir deine Verkaufsfläche'}. ${trialStartText(shopPhase(settings.openingDate))}`,
      'Du hast dich nicht registriert? Dann hat jemand deine E-Mail-Adresse eingegeben; ohne Bestätigung wird das Konto nicht aktiv.',
    ],
    signature: signature(settings),
  });
}

/** To the shop: a producer registered or booked more space. */
export function newBookingNotificationMail(
  settings: SiteSettings,
  data: {
    vendorName: string;
    unternehmen?: string | null;
    email: string;
    telefon?: string | null;
    kind: 'registration' | 'preregistration' | 'additional';
    /** None for a pre-registration without a package. */
    pkg: PricedSelection | null;
    comments?: string | null;
  },
): RenderedMail {
  const what = {
    registration: 'Neue Registrierung',
    preregistration: 'Neue Vor-Registrierung',
    additional: 'Zusätzliche Buchung',
  }[data.kind];
  return renderMail({
    subject: `${what}: ${data.unternehmen || data.vendorName}`,
    greeting: 'Hallo,',
    paragraphs: [
      `${what} von ${data.vendorName}${data.unternehmen ? ` (${data.unternehmen})` : ''}, ${data.email}${data.telefon ? `, Tel. ${data.telefon}` : ''}. Bitte innerhalb von 2 Werktagen melden und ${data.pkg ? 'ein Mietfach zuweisen' : 'die Verkaufsfläche gemeinsam planen'}.`,
      data.pkg
        ? packageLines(data.pkg).join('\n')
        : 'Noch ohne Paket: Die Flächen sind noch nicht gewählt.',
      ...(data.comments ? [`Anmerkungen: ${data.comments}`] : []),
    ],
    after: ['Die Anfrage steht im Verwaltungsbereich unter „Buchungsanfragen“.'],
    signature: signature(settings),
  });
}

export function additionalBookingMail(
  settings: SiteSettings,
  data: { name: string; pkg: PricedSelection },
): RenderedMail {
  return renderMail({
    subject: `Deine zusätzliche Buchung bei ${settings.shopName}`,
    greeting: `Hallo ${data.name},`,
    paragraphs: [
      'vielen Dank für deine Buchung! Wir haben sie erhalten und melden uns innerhalb von 2 Werktagen mit einem passenden Mietfach.',
      packageLines(data.pkg).join('\n'),
    ],
    signature: signature(settings),
  });
}

export function bookingCancelledMail(
  settings: SiteSettings,
  data: { name: string; pkg: PricedSelection; reason?: string | undefined },
): RenderedMail {
  return renderMail({
    subject: `Deine Buchung bei ${settings.shopName} ist storniert`,
    greeting: `Hallo ${data.name},`,
    paragraphs: [
      'wie gewünscht haben wir deine Buchung storniert. Es fallen dafür keine Kosten an.',
      packageLines(data.pkg).join('\n'),
    ],
    after: [
      'Schade, dass es nicht passt. Wenn du es dir anders überlegst, kannst du jederzeit neu buchen.',
    ],
    signature: signature(settings),
  });
}

export function passwordResetMail(
  settings: SiteSettings,
  data: { name: string; resetUrl: string },
): RenderedMail {
  return renderMail({
    subject: `Neues Passwort für ${settings.shopName}`,
    greeting: `Hallo ${data.name},`,
    paragraphs: [
      'jemand hat ein neues Passwort für dein Konto als Direktvermarkter angefordert. Wenn du das warst, lege hier ein neues fest:',
    ],
    button: { label: 'Neues Passwort festlegen', url: data.resetUrl },
    after: [
      'Der Link ist eine Stunde gültig und funktioniert nur einmal. Warst du es nicht? Dann ignoriere diese E-Mail; dein Passwort bleibt, wie es ist.',
    ],
    signature: signature(settings),
  });
}
