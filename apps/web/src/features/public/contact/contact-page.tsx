import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { MapView } from '../../../components/map/map-view';
import { PageHeader } from '../../../components/ui/page-header';
import { usePageMeta } from '../../../lib/page-meta';
import { formatAddress, telHref, useSiteSettings } from '../../../lib/site-settings';
import { ContactForm } from './components/contact-form';

/** /kontakt: the contact form, the contact data and a map (zoom 14). */
export function ContactPage() {
  const settings = useSiteSettings();
  usePageMeta(
    'Kontakt',
    `Schreib uns: Fragen zum Laden, zu Verkaufsflächen oder zum Sortiment von ${settings.shopName} in Kronach. Wir antworten in der Regel innerhalb von 24 Stunden.`,
    settings.shopName,
  );
  return (
    <>
      <PageHeader title="Kontakt">
        <p>
          Du hast eine Frage zum Laden, möchtest Verkaufsfläche mieten oder hast eine Idee für unser
          Sortiment? Schreib uns – wir antworten in der Regel innerhalb von 24 Stunden.
        </p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="contact-form-title" className="rounded-xl bg-white p-6 shadow-sm">
          <h2 id="contact-form-title" className="mb-4 text-2xl font-bold">
            Nachricht schreiben
          </h2>
          <ContactForm />
        </section>
        <div className="space-y-6">
          <section
            aria-labelledby="contact-data-title"
            className="rounded-xl bg-white p-6 shadow-sm"
          >
            <h2 id="contact-data-title" className="mb-4 text-2xl font-bold">
              So erreichst du uns
            </h2>
            <address className="space-y-4 not-italic">
              <p className="flex gap-3">
                <MapPin aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-coral-dark" />
                <span>
                  {settings.shopName}
                  <br />
                  {formatAddress(settings)}
                </span>
              </p>
              <p className="flex gap-3">
                <Phone aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-coral-dark" />
                <a
                  href={telHref(settings.phone)}
                  className="font-semibold underline-offset-4 hover:underline"
                >
                  {settings.phone}
                </a>
              </p>
              <p className="flex gap-3">
                <Mail aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-coral-dark" />
                <a
                  href={`mailto:${settings.email}`}
                  className="font-semibold underline-offset-4 hover:underline"
                >
                  {settings.email}
                </a>
              </p>
              <p className="flex gap-3">
                <Clock aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-coral-dark" />
                <span>
                  Öffnungszeiten: {settings.openingHours}
                  <br />
                  <span className="text-gray-700">Zugang mit EC- oder Kreditkarte</span>
                </span>
              </p>
            </address>
          </section>
          <MapView
            label={`Karte: Lage von ${settings.shopName}`}
            center={settings.coordinates}
            zoom={14}
            markers={[
              {
                id: 'shop',
                position: settings.coordinates,
                title: settings.shopName,
                description: formatAddress(settings),
              },
            ]}
            className="h-72"
          />
        </div>
      </div>
    </>
  );
}
