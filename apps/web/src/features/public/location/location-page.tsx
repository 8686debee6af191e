import { notYetOpenText, openingLine, shopPhase } from '@housnkuh/shared/shop-phase';
import {
  Bus,
  CarFront,
  Clock,
  ExternalLink,
  Footprints,
  History,
  Mail,
  MapPin,
  Phone,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { MapView } from '../../../components/map/map-view';
import type { MapMarker } from '../../../components/map/map-types';
import { PageHeader } from '../../../components/ui/page-header';
import { usePageMeta } from '../../../lib/page-meta';
import { formatAddress, telHref, useSiteSettings } from '../../../lib/site-settings';

const PARKING = [
  'Direkt vor dem Laden, an der evangelischen Kirche',
  'In der Andreas-Limmer-Straße, etwa 50 m entfernt',
  'Entlang der Strauer Straße',
  'Entlang der Friesener Straße',
] as const;

function InfoCard({
  title,
  Icon,
  children,
  className = '',
}: {
  title: string;
  Icon: LucideIcon;
  children: ReactNode;
  className?: string;
}) {
  return (
    <li className={`rounded-xl bg-white p-6 shadow-sm ${className}`}>
      <h3 className="flex items-center gap-2 text-lg font-bold">
        <Icon aria-hidden="true" className="h-6 w-6 shrink-0 text-coral-dark" />
        {title}
      </h3>
      <div className="mt-3 space-y-2 text-gray-800">{children}</div>
    </li>
  );
}

/** /standort: map, contact data, opening hours, directions and the history of the house (spec §2). */
export function LocationPage() {
  const settings = useSiteSettings();
  usePageMeta(
    'Der Standort',
    `So findest du ${settings.shopName}: ${formatAddress(settings)}. Karte, Öffnungszeiten, Bushaltestelle und Parkplätze direkt am Laden.`,
    settings.shopName,
  );
  const { lat, lng } = settings.coordinates;
  const address = formatAddress(settings);
  const markers = useMemo<MapMarker[]>(
    () => [
      {
        id: 'shop',
        position: { lat, lng },
        title: settings.shopName,
        description: address,
      },
    ],
    [lat, lng, settings.shopName, address],
  );
  const largerMapHref = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
  const street = `${settings.address.strasse} ${settings.address.hausnummer}`;
  const phase = shopPhase(settings.openingDate);
  const notYetOpen = notYetOpenText(phase);

  return (
    <>
      <PageHeader title="Der Standort">
        <p>
          Mitten in {settings.address.ort}, in der {street}, findest du {settings.shopName}: deinen
          Laden für regionale Produkte, fast rund um die Uhr geöffnet.
        </p>
      </PageHeader>

      <section aria-labelledby="find-title" className="mx-auto max-w-6xl px-4 py-12 md:py-16">
        <h2 id="find-title" className="text-3xl font-bold">
          So findest du uns
        </h2>
        <div className="mt-6">
          <MapView
            label={`Karte: Lage von ${settings.shopName}, ${address}`}
            center={settings.coordinates}
            zoom={16}
            markers={markers}
            className="h-80 md:h-96"
          />
          <p className="mt-3">
            <a
              href={largerMapHref}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 font-semibold text-coral-darker underline underline-offset-2"
            >
              Größere Karte anzeigen
              <ExternalLink aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only">(öffnet in neuem Tab)</span>
            </a>
          </p>
        </div>

        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          <InfoCard
            title="Adresse"
            Icon={MapPin}
            className="lg:col-start-1 lg:row-span-2 lg:row-start-1"
          >
            <address className="not-italic">
              {settings.shopName}
              <br />
              {street}
              <br />
              {settings.address.plz} {settings.address.ort}
            </address>
            <p className="rounded-lg bg-sand p-3 text-gray-900">
              <Footprints aria-hidden="true" className="mr-1 inline h-5 w-5 align-text-bottom" />
              <strong>Der Laden ist über eine Treppe erreichbar.</strong> Mit Rollstuhl, Rollator
              oder Kinderwagen ist das leider ein Hindernis. Ruf uns gern vorher an, dann sprechen
              wir ab, wie wir dir helfen können.
            </p>
          </InfoCard>
          <InfoCard title="Telefon" Icon={Phone} className="lg:col-start-2 lg:row-start-1">
            <p>
              <a
                href={telHref(settings.phone)}
                className="font-semibold text-navy underline underline-offset-2"
              >
                {settings.phone}
              </a>
            </p>
          </InfoCard>
          <InfoCard title="E-Mail" Icon={Mail} className="lg:col-start-2 lg:row-start-2">
            <p>
              <a
                href={`mailto:${settings.email}`}
                className="font-semibold break-all text-navy underline underline-offset-2"
              >
                {settings.email}
              </a>
            </p>
            <p>
              Oder schreib uns über das{' '}
              <Link
                to="/kontakt"
                className="font-semibold text-coral-darker underline underline-offset-2"
              >
                Kontaktformular
              </Link>
              .
            </p>
          </InfoCard>
          <InfoCard
            title="Öffnungszeiten"
            Icon={Clock}
            className="lg:col-start-3 lg:row-span-2 lg:row-start-1"
          >
            <p className="font-semibold">Erweiterte Öffnungszeiten, 7 Tage die Woche</p>
            {settings.openingHours !== 'Erweiterte Öffnungszeiten, 7 Tage die Woche' && (
              <p>{settings.openingHours}</p>
            )}
            <p>Zugang mit EC- oder Kreditkarte</p>
            {notYetOpen && <p className="text-sm text-coral-darker">{notYetOpen}</p>}
          </InfoCard>
        </ul>
      </section>

      <section aria-labelledby="directions-title" className="bg-sand">
        <div className="mx-auto max-w-6xl px-4 py-12 md:py-16">
          <h2 id="directions-title" className="text-3xl font-bold">
            Anfahrt
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-2">
            <InfoCard title="Öffentliche Verkehrsmittel" Icon={Bus}>
              <p>
                Die Bushaltestelle „Strauer Straße“ liegt direkt vor dem Laden – aussteigen und
                schon bist du da.
              </p>
            </InfoCard>
            <InfoCard title="Parkmöglichkeiten" Icon={CarFront}>
              <ul className="list-disc space-y-1 pl-5">
                {PARKING.map((place) => (
                  <li key={place}>{place}</li>
                ))}
              </ul>
            </InfoCard>
          </ul>
        </div>
      </section>

      <section aria-labelledby="history-title" className="mx-auto max-w-3xl px-4 py-12 md:py-16">
        <h2 id="history-title" className="flex items-center gap-3 text-3xl font-bold">
          <History aria-hidden="true" className="h-8 w-8 shrink-0 text-coral-dark" />
          Geschichte des Hauses
        </h2>
        <div className="mt-4 space-y-4 text-lg text-gray-800">
          <p>
            Das Haus in der {street} hat eine lange Tradition als Ladengeschäft. Zuerst war hier die
            Drogerie Cammerer zu Hause, später die Buchhandlung „LeseZeichen“.
          </p>
          <p>
            Jetzt beginnt ein neues Kapitel: Mit {settings.shopName} wird das Haus zum Marktplatz
            für regionale Produkte – und bleibt ein Ort, an dem man in {settings.address.ort} gern
            einkaufen geht.
          </p>
        </div>
        <p className="mt-6 inline-block rounded-full bg-sand px-4 py-1 font-semibold text-coral-darker">
          {openingLine(phase)}
        </p>
      </section>
    </>
  );
}
