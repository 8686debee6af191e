import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteSettings } from '../../../lib/site-settings';
import { shouldRedirectAdminHome } from '../../../lib/storage';
import { Hero } from './components/hero';
import { HowItWorks } from './components/how-it-works';
import { InstagramSection } from './components/instagram-section';
import { NameStory } from './components/name-story';

/** /: the shop in short, how it works, the producers, the location, Instagram and the newsletter. */
export function HomePage({ newsletterForm }: { newsletterForm: ReactNode }) {
  const settings = useSiteSettings();
  const navigate = useNavigate();
  usePageMeta(
    'Regionale Produkte in Kronach',
    `${settings.shopName} in Kronach: Selbstbedienungsladen mit Produkten von Direktvermarktern aus der Region, fast rund um die Uhr geöffnet.`,
    settings.shopName,
  );

  useEffect(() => {
    if (shouldRedirectAdminHome()) void navigate('/admin', { replace: true });
  }, [navigate]);

  return (
    <>
      <Hero settings={settings} />
      <HowItWorks shopName={settings.shopName} />
      <InstagramSection settings={settings} />
      <NameStory shopName={settings.shopName} />
      <section id="newsletter" aria-labelledby="newsletter-title" className="bg-sand">
        <div className="mx-auto max-w-3xl px-4 py-16">
          <h2 id="newsletter-title" className="text-3xl font-bold">
            Newsletter
          </h2>
          <p className="mt-2 mb-6 text-lg text-gray-800">
            Erfahre als Erstes, wenn neue Direktvermarkter einziehen, was gerade Saison hat und wann
            es Aktionen im Laden gibt. Kein Spam – versprochen.
          </p>
          {newsletterForm}
        </div>
      </section>
    </>
  );
}
