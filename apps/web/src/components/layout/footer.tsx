import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { openCookieSettings } from '../../lib/consent';
import { formatAddress, telHref, useSiteSettings } from '../../lib/site-settings';
import { LogoMark } from './logo';
import { FacebookIcon, InstagramIcon, TikTokIcon } from './social-icons';

const LEGAL_LINKS = [
  { to: '/impressum', label: 'Impressum' },
  { to: '/datenschutz', label: 'Datenschutz' },
  { to: '/agb', label: 'AGB' },
  { to: '/faq', label: 'FAQ' },
] as const;

export function Footer() {
  const settings = useSiteSettings();
  const socials = [
    { href: settings.social.instagram, label: 'Instagram', Icon: InstagramIcon },
    { href: settings.social.facebook, label: 'Facebook', Icon: FacebookIcon },
    { href: settings.social.tiktok, label: 'TikTok', Icon: TikTokIcon },
  ];
  return (
    <footer className="bg-navy text-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-3">
        <div>
          <p className="flex items-center gap-2 text-xl font-bold">
            <LogoMark className="h-9 w-9" />
            {settings.shopName}
          </p>
          <p className="mt-3 text-gray-200">
            Regionale Produkte von Direktvermarktern aus dem Landkreis Kronach – frisch, lokal und
            nachhaltig.
          </p>
          <ul className="mt-4 flex gap-3" aria-label="Soziale Netzwerke">
            {socials.map(({ href, label, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex h-10 w-10 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
                  aria-label={`${settings.shopName} auf ${label} (öffnet in neuem Tab)`}
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </div>

        <address className="not-italic">
          <h2 className="text-lg font-semibold">Kontakt</h2>
          <ul className="mt-3 space-y-3 text-gray-200">
            <li className="flex gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
              <span>{formatAddress(settings)}</span>
            </li>
            <li className="flex gap-2">
              <Phone aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
              <a href={telHref(settings.phone)} className="underline-offset-4 hover:underline">
                {settings.phone}
              </a>
            </li>
            <li className="flex gap-2">
              <Mail aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
              <a href={`mailto:${settings.email}`} className="underline-offset-4 hover:underline">
                {settings.email}
              </a>
            </li>
            <li className="flex gap-2">
              <Clock aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
              <span>Erweiterte Öffnungszeiten (Zugang mit EC- oder Kreditkarte)</span>
            </li>
          </ul>
        </address>

        <nav aria-label="Rechtliches">
          <h2 className="text-lg font-semibold">Informationen</h2>
          <ul className="mt-3 text-gray-200">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-block py-2 underline-offset-4 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={openCookieSettings}
                className="inline-block py-2 underline-offset-4 hover:underline"
              >
                Cookie-Einstellungen
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-white/10 py-4 text-center text-sm text-gray-300">
        © {new Date().getFullYear()} {settings.shopName} · {settings.address.ort}
      </p>
    </footer>
  );
}
