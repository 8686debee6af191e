import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { ExternalLink } from 'lucide-react';
import { ConsentGate } from '../../../../components/consent-gate';
import { InstagramIcon } from '../../../../components/layout/social-icons';

/** '@name' from a profile address such as https://www.instagram.com/name/; else the address. */
export function instagramHandle(profileUrl: string): string {
  try {
    const name = new URL(profileUrl).pathname.split('/').find(Boolean);
    return name ? `@${decodeURIComponent(name).replace(/^@/, '')}` : profileUrl;
  } catch {
    return profileUrl;
  }
}

const NEW_TAB = <span className="sr-only"> (öffnet in neuem Tab)</span>;

/**
 * Instagram on the home page. With a feed widget configured (site setting
 * instagramWidgetUrl): the feed after consent (a placeholder before) and a
 * link to the profile. Without one: a card that leads to the profile.
 */
export function InstagramSection({ settings }: { settings: SiteSettings }) {
  const profile = settings.social.instagram;
  const intro = (
    <div>
      <h2 id="instagram-title" className="text-3xl font-bold">
        {settings.shopName} auf Instagram
      </h2>
      <p className="mt-2 max-w-2xl text-gray-700">
        Neue Produkte, Einblicke bei unseren Direktvermarktern und was gerade Saison hat – auf
        Instagram zeigen wir, was im Laden los ist.
      </p>
    </div>
  );

  if (!settings.instagramWidgetUrl) {
    return (
      <section aria-labelledby="instagram-title" className="bg-white">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 md:grid-cols-2 md:items-center">
          {intro}
          <a
            href={profile}
            target="_blank"
            rel="noopener noreferrer"
            className="group flex items-center gap-5 rounded-2xl border-2 border-gray-300 bg-sand p-6 shadow-sm transition-colors hover:border-coral-dark"
          >
            <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-2xl bg-navy text-white">
              <InstagramIcon className="h-9 w-9" />
            </span>
            <span className="min-w-0">
              <span className="block text-xl font-bold break-words text-navy">
                {instagramHandle(profile)}
              </span>
              <span className="mt-1 block text-gray-800">
                Fotos und Neuigkeiten aus dem Laden und von unseren Direktvermarktern
              </span>
              <span className="mt-3 inline-flex items-center gap-1.5 font-semibold text-coral-darker underline-offset-4 group-hover:underline">
                Zum Instagram-Profil
                <ExternalLink aria-hidden="true" className="h-4 w-4" />
              </span>
              {NEW_TAB}
            </span>
          </a>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby="instagram-title" className="bg-white">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          {intro}
          <a
            href={profile}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 self-start rounded-lg bg-navy px-4 py-2 font-semibold text-white hover:bg-navy-light"
          >
            <InstagramIcon />
            Zum Instagram-Profil
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            {NEW_TAB}
          </a>
        </div>
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
      </div>
    </section>
  );
}
