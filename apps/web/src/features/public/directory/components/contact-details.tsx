import type { PublicVendor } from '@housnkuh/shared/schemas/directory';
import { ExternalLink, Globe, Mail, MapPin, Phone } from 'lucide-react';
import { telHref } from '../../../../lib/site-settings';
import { addressLines } from '@housnkuh/shared/address';
import { displayUrl, safeWebUrl } from '../vendor-format';

const LINK = 'font-semibold text-navy underline underline-offset-2 hover:text-coral-darker';

/** Address, phone (tel: link), e-mail (mailto:) and website (new tab) of a producer. */
export function ContactDetails({
  vendor,
  className = '',
}: {
  vendor: Pick<PublicVendor, 'adresse' | 'telefon' | 'email' | 'website'>;
  className?: string;
}) {
  const lines = addressLines(vendor.adresse);
  const website = safeWebUrl(vendor.website);
  if (!lines.length && !vendor.telefon && !vendor.email && !website) return null;
  return (
    <ul className={`space-y-1.5 text-gray-800 ${className}`}>
      {lines.length > 0 && (
        <li className="flex gap-2">
          <MapPin aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-coral-dark" />
          <span className="sr-only">Adresse: </span>
          <address className="not-italic">
            {lines.map((line, index) => (
              <span key={line} className="block">
                {line}
                {index < lines.length - 1 && <span className="sr-only">,</span>}
              </span>
            ))}
          </address>
        </li>
      )}
      {vendor.telefon && (
        <li className="flex gap-2">
          <Phone aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-coral-dark" />
          <a href={telHref(vendor.telefon)} className={LINK}>
            <span className="sr-only">Telefon: </span>
            {vendor.telefon}
          </a>
        </li>
      )}
      {vendor.email && (
        <li className="flex gap-2">
          <Mail aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-coral-dark" />
          <a href={`mailto:${vendor.email}`} className={`${LINK} wrap-anywhere`}>
            <span className="sr-only">E-Mail: </span>
            {vendor.email}
          </a>
        </li>
      )}
      {website && (
        <li className="flex gap-2">
          <Globe aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-coral-dark" />
          <a
            href={website}
            target="_blank"
            rel="noopener noreferrer"
            className={`${LINK} inline-flex items-center gap-1 wrap-anywhere`}
          >
            <span className="sr-only">Website: </span>
            {displayUrl(website)}
            <ExternalLink aria-hidden="true" className="h-4 w-4 shrink-0" />
            <span className="sr-only"> (öffnet in neuem Tab)</span>
          </a>
        </li>
      )}
    </ul>
  );
}
