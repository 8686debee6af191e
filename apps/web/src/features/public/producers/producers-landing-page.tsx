import { ArrowRight, HeartHandshake, LayoutList, Leaf, MapIcon, Sprout } from 'lucide-react';
import { Link } from 'react-router';
import { IconCards } from '../../../components/ui/icon-cards';
import { ButtonLink } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteSettings } from '../../../lib/site-settings';

const DISCOVER = [
  {
    to: '/direktvermarkter/uebersicht',
    title: 'Alle Direktvermarkter',
    text: 'Das Verzeichnis aller Direktvermarkterinnen und Direktvermarkter im Laden – mit Suche und Filtern nach Namen, Orten und Produkten.',
    action: 'Zur Übersicht',
    Icon: LayoutList,
  },
  {
    to: '/direktvermarkter/karte',
    title: 'Direktvermarkter-Karte',
    text: 'Sieh auf der Karte, wo unsere Direktvermarkter zu Hause sind – oft nur wenige Kilometer vom Laden entfernt.',
    action: 'Zur Karte',
    Icon: MapIcon,
  },
] as const;

const BENEFITS = [
  {
    title: 'Frische Qualität',
    text: 'Kurze Wege vom Hof ins Regal: Was du bei uns kaufst, wurde in der Nähe geerntet, gebacken oder hergestellt – frisch und mit Sorgfalt.',
    Icon: Leaf,
  },
  {
    title: 'Persönlicher Kontakt',
    text: 'Hinter jedem Produkt steht ein Mensch aus der Region. In den Profilen erfährst du, wer es macht, wie und wo – und wie du direkt Kontakt aufnimmst.',
    Icon: HeartHandshake,
  },
  {
    title: 'Regionale Vielfalt',
    text: 'Obst und Gemüse, Fleisch und Wurst, Käse, Brot, Honig, Getränke und Handwerk: Die Vielfalt des Landkreises Kronach unter einem Dach.',
    Icon: Sprout,
  },
] as const;

/** /direktvermarkter: who sells in the shop, and how producers join (spec §2). */
export function ProducersLandingPage() {
  const settings = useSiteSettings();
  usePageMeta(
    'Unsere Direktvermarkter',
    `Lerne die Direktvermarkterinnen und Direktvermarkter von ${settings.shopName} aus der Region ${settings.address.ort} kennen – im Verzeichnis und auf der Karte.`,
    settings.shopName,
  );

  return (
    <>
      <PageHeader title="Unsere Direktvermarkter" eyebrow="Aus der Region, für die Region">
        <p>
          Bei {settings.shopName} bieten Direktvermarkterinnen und Direktvermarkter aus dem
          Landkreis {settings.address.ort} ihre Produkte direkt an – ohne Umwege über den
          Großhandel. Lerne die Menschen hinter den Produkten kennen.
        </p>
      </PageHeader>

      <section aria-labelledby="discover-title" className="mx-auto max-w-6xl px-4 py-12 md:py-16">
        <h2 id="discover-title" className="text-3xl font-bold">
          Direktvermarkter entdecken
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {DISCOVER.map(({ to, title, text, action, Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full flex-col rounded-xl bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
              >
                <Icon aria-hidden="true" className="h-9 w-9 text-coral-dark" />
                <h3 className="mt-3 text-xl font-bold">{title}</h3>
                <p className="mt-2 flex-1 text-gray-700">{text}</p>
                <span className="mt-4 flex items-center gap-2 font-semibold text-coral-darker">
                  {action}
                  <ArrowRight
                    aria-hidden="true"
                    className="h-5 w-5 transition-transform group-hover:translate-x-1"
                  />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="benefits-title" className="bg-sand">
        <div className="mx-auto max-w-6xl px-4 py-12 md:py-16">
          <h2 id="benefits-title" className="text-3xl font-bold">
            Warum direkt beim Direktvermarkter?
          </h2>
          <IconCards cards={BENEFITS} className="mt-8 grid gap-6 md:grid-cols-3" />
        </div>
      </section>

      <section aria-labelledby="join-title" className="mx-auto max-w-6xl px-4 py-12 md:py-16">
        <div className="rounded-xl bg-navy p-8 text-white shadow-sm md:p-10">
          <h2 id="join-title" className="text-3xl font-bold">
            Du bist Direktvermarkter?
          </h2>
          <p className="mt-3 max-w-3xl text-lg text-gray-200">
            Verkaufe deine Produkte bei {settings.shopName}: Miete ein Regalfach, ein Kühl- oder
            Tiefkühlfach, einen Verkaufstisch oder ein Schaufenster. Wir kümmern uns um Laden, Kasse
            und Öffnungszeiten – du um deine Produkte. Zum Start gibt es einen kostenlosen
            Probemonat ohne Miete.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <ButtonLink to="/pricing">Verkaufsfläche mieten</ButtonLink>
            <ButtonLink to="/vendor/login" variant="light">
              Zum Login für Direktvermarkter
            </ButtonLink>
          </div>
          <p className="mt-6 text-gray-200">
            Lieber erst persönlich sprechen?{' '}
            <Link to="/mieten" className="font-semibold text-white underline underline-offset-2">
              So erreichst du uns
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
