import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { ExternalLink } from 'lucide-react';
import { ConsentGate } from '../../../components/consent-gate';
import { InstagramIcon } from '../../../components/layout/social-icons';

/** The Instagram feed (a widget, only after consent) and always a link to the profile. */
export function InstagramSection({ settings }: { settings: SiteSettings }) {
  return (
    <section aria-labelledby="instagram-title" className="bg-white">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <div>
            <h2 id="instagram-title" className="text-3xl font-bold">
              {settings.shopName} auf Instagram
            </h2>
            <p className="mt-2 max-w-2xl text-gray-700">
              Neue Produkte, Einblicke bei unseren Direktvermarktern und was gerade Saison hat – auf
              Instagram zeigen wir, was im Laden los ist.
            </p>
          </div>
          <a
            href={settings.social.instagram}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 self-start rounded-lg bg-navy px-4 py-2 font-semibold text-white hover:bg-navy-light"
          >
            <InstagramIcon />
            Zum Instagram-Profil
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">(öffnet in neuem Tab)</span>
          </a>
        </div>
        {settings.instagramWidgetUrl && (
          <div className="mt-8">
            <ConsentGate provider="Instagram" what="den Instagram-Feed" className="min-h-64">
              <iframe
                src={settings.instagramWidgetUrl}
                title={`Instagram-Feed von ${settings.shopName}`}
                loading="lazy"
                className="h-[28rem] w-full rounded-xl border-0"
                sandbox="allow-scripts allow-same-origin allow-popups"
                referrerPolicy="strict-origin-when-cross-origin"
              />
            </ConsentGate>
          </div>
        )}
      </div>
    </section>
  );
}
