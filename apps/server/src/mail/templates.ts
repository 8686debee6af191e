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
