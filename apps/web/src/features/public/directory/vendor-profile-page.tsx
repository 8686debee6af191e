import { addressText } from '@housnkuh/shared/address';
import { WEEKDAY_LABELS, WEEKDAYS } from '@housnkuh/shared/weekdays';
import { formatEuro } from '@housnkuh/shared/format';
import { ERRORS } from '@housnkuh/shared/messages';
import type { PublicVendor } from '@housnkuh/shared/schemas/directory';
import { shopPhase, unitsHeading } from '@housnkuh/shared/shop-phase';
import {
  ArrowLeft,
  BookOpen,
  Clock,
  ExternalLink,
  MapPin,
  Package,
  RotateCcw,
  ShoppingBasket,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { FacebookIcon, InstagramIcon } from '../../../components/layout/social-icons';
import { Button } from '../../../components/ui/button';
import { useHydrated } from '../../../lib/hydrated';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteSettings } from '../../../lib/site-settings';
import { isNotFound, useVendorProfile } from './api/vendor-profile';
import { ContactDetails } from './components/contact-details';
import { TagChips } from './components/tag-chips';
import { VendorLocation } from './components/vendor-location';
import { JoinsBadge } from './components/joins-badge';
import { VerifyBadge } from './components/verify-badge';
import { BannerImage, ProfileImage } from './components/vendor-images';
import { overviewHref } from './directory-filters';
import { displayName, paragraphs, socialUrl } from './vendor-format';

/** Up to 5 tags on the profile (spec §9). */
const PROFILE_TAGS = 5;

/** A description for search engines: the slogan, else the start of the description. */
function metaDescription(vendor: PublicVendor, shopName: string): string {
  const text = vendor.slogan?.trim() || paragraphs(vendor.beschreibung)[0] || '';
  const short = text.length > 155 ? `${text.slice(0, 154).trimEnd()}…` : text;
  return short || `${displayName(vendor)}: Direktvermarkter bei ${shopName}.`;
}

/** /direktvermarkter/{id}: one producer's public profile (spec §2). */
export function VendorProfilePage() {
  const settings = useSiteSettings();
  const { id } = useParams();
  const query = useVendorProfile(id);
  const vendor = query.data;
  // the history state is the browser's: the server's HTML (and hydration) leads to the plain overview
  const { state } = useLocation();
  const overview = overviewHref(useHydrated() ? state : null);
  usePageMeta(
    vendor ? displayName(vendor) : 'Direktvermarkter',
    vendor
      ? metaDescription(vendor, settings.shopName)
      : `Ein Direktvermarkter aus der Region bei ${settings.shopName}.`,
    settings.shopName,
  );

  let content;
  if (!id) {
    content = <Failure message={ERRORS.profileNoId} overview={overview} />;
  } else if (query.isError) {
    content = isNotFound(query.error) ? (
      <Failure message={ERRORS.vendorNotFound} overview={overview} />
    ) : (
      <Failure message={ERRORS.dataLoad} overview={overview} onRetry={() => void query.refetch()} />
    );
  } else if (!vendor) {
    content = (
      <div role="status" aria-busy="true" className="animate-pulse">
        <div className="aspect-[16/5] rounded-xl bg-sand" />
        <p className="mt-6 text-gray-800">Profil wird geladen …</p>
        <div className="mt-4 h-9 w-1/2 rounded bg-sand" />
        <div className="mt-3 h-5 w-1/3 rounded bg-sand" />
      </div>
    );
  } else {
    content = <Profile vendor={vendor} />;
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-10">
      <p className="mb-6">
        <Link
          to={overview}
          className="inline-flex items-center gap-2 font-semibold text-coral-darker underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="h-5 w-5" />
          Zurück zur Übersicht
        </Link>
      </p>
      {content}
    </div>
  );
}

function Failure({
  message,
  overview,
  onRetry,
}: {
  message: string;
  overview: string;
  onRetry?: () => void;
}) {
  return (
    <div role="alert" className="rounded-xl bg-white p-8 text-center shadow-sm md:p-12">
      <h1 className="text-2xl font-bold sm:text-3xl">{message}</h1>
      <p className="mx-auto mt-3 max-w-xl text-gray-800">
        In der Übersicht findest du alle Direktvermarkter, die bei uns verkaufen.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {onRetry && (
          <Button onClick={onRetry}>
            <RotateCcw aria-hidden="true" className="h-5 w-5" />
            Neu laden
          </Button>
        )}
        <Link
          to={overview}
          className="inline-flex items-center justify-center rounded-lg border-2 border-navy px-5 py-3 font-semibold text-navy hover:bg-navy hover:text-white"
        >
          Zur Übersicht der Direktvermarkter
        </Link>
      </div>
    </div>
  );
}

function Panel({
  id,
  title,
  Icon,
  children,
}: {
  id: string;
  title: string;
  Icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-6 shadow-sm">
      <h2 id={id} className="flex items-center gap-2 text-xl font-bold">
        <Icon aria-hidden="true" className="h-6 w-6 shrink-0 text-coral-dark" />
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Profile({ vendor }: { vendor: PublicVendor }) {
  const { openingDate } = useSiteSettings();
  const name = displayName(vendor);
  const text = paragraphs(vendor.beschreibung);
  const facebook = socialUrl(vendor.socialMedia.facebook, 'facebook');
  const instagram = socialUrl(vendor.socialMedia.instagram, 'instagram');
  const address = addressText(vendor.adresse);
  const hasLocation = Boolean(address) || vendor.adresse.koordinaten !== null;
  const socials = [
    facebook ? { href: facebook, label: 'Facebook', Icon: FacebookIcon } : null,
    instagram ? { href: instagram, label: 'Instagram', Icon: InstagramIcon } : null,
  ].filter((entry) => entry !== null);

  return (
    <article aria-labelledby="vendor-title">
      <div className="overflow-hidden rounded-xl bg-white shadow-sm">
        <BannerImage
          src={vendor.bannerBild}
          sizes="(min-width: 1152px) 1120px, calc(100vw - 2rem)"
          lazy={false}
        />
        <div className="flex flex-col gap-4 px-6 pb-6 sm:flex-row sm:items-end">
          <ProfileImage
            src={vendor.profilBild}
            size={128}
            lazy={false}
            alt={vendor.profilBild ? `Profilbild von ${name}` : ''}
            className="-mt-16"
          />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap gap-2">
              <VerifyBadge status={vendor.verifyStatus} />
              <JoinsBadge vendor={vendor} openingDate={openingDate} />
            </div>
            <h1
              id="vendor-title"
              className="mt-2 text-3xl font-extrabold break-words hyphens-auto sm:text-4xl"
            >
              {name}
            </h1>
            {vendor.slogan && <p className="mt-1 text-lg text-gray-700 italic">{vendor.slogan}</p>}
          </div>
        </div>
        <div className="space-y-3 border-t border-sand px-6 py-4">
          {vendor.unternehmen && vendor.name && vendor.name !== name && (
            <p className="flex items-center gap-2 text-gray-800">
              <UserRound aria-hidden="true" className="h-5 w-5 text-coral-dark" />
              <span>
                <span className="font-semibold">Ansprechperson:</span> {vendor.name}
              </span>
            </p>
          )}
          <TagChips tags={vendor.tags} max={PROFILE_TAGS} />
        </div>
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-6">
          {text.length > 0 && (
            <Panel id="about-title" title={`Über ${name}`} Icon={BookOpen}>
              <div className="space-y-4 text-lg leading-relaxed text-gray-800">
                {text.map((paragraph, index) => (
                  <p key={index} className="whitespace-pre-line">
                    {paragraph}
                  </p>
                ))}
              </div>
            </Panel>
          )}

          {vendor.kategorien.length > 0 && (
            <Panel id="categories-title" title="Produktkategorien" Icon={ShoppingBasket}>
              <ul className="flex flex-wrap gap-2">
                {vendor.kategorien.map((category) => (
                  <li key={category} className="rounded-full bg-sand px-3 py-1 text-navy">
                    {category}
                  </li>
                ))}
              </ul>
            </Panel>
          )}

          {vendor.mietfaecher.length > 0 && (
            <Panel id="units-title" title={unitsHeading(shopPhase(openingDate))} Icon={Package}>
              <ul className="grid gap-3 sm:grid-cols-2">
                {vendor.mietfaecher.map((unit) => (
                  <li key={unit.id} className="rounded-lg border border-sand p-4">
                    <h3 className="font-bold">{unit.name}</h3>
                    {unit.beschreibung && (
                      <p className="mt-1 text-sm text-gray-700">{unit.beschreibung}</p>
                    )}
                    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                      {unit.standort && (
                        <>
                          <dt className="font-semibold">Standort</dt>
                          <dd>{unit.standort}</dd>
                        </>
                      )}
                      {unit.groesse && (
                        <>
                          <dt className="font-semibold">Größe</dt>
                          <dd>{unit.groesse}</dd>
                        </>
                      )}
                      <dt className="font-semibold">Preis</dt>
                      <dd>{formatEuro(unit.preis)} / Monat</dd>
                    </dl>
                  </li>
                ))}
              </ul>
            </Panel>
          )}

          {hasLocation && (
            <Panel id="location-title" title="Standort" Icon={MapPin}>
              {address && <p className="mb-3 text-gray-800">{address}</p>}
              <VendorLocation vendor={vendor} />
            </Panel>
          )}
        </div>

        <div className="space-y-6">
          <Panel id="contact-title" title="Kontakt" Icon={UserRound}>
            <ContactDetails vendor={vendor} />
            {socials.length > 0 && (
              <ul aria-label="Soziale Medien" className="mt-4 flex flex-wrap gap-3">
                {socials.map(({ href, label, Icon }) => (
                  <li key={label}>
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-2 rounded-lg border border-gray-400 px-3 py-2 font-semibold text-navy hover:bg-sand"
                    >
                      <Icon className="h-5 w-5" />
                      {label}
                      <ExternalLink aria-hidden="true" className="h-4 w-4" />
                      <span className="sr-only">(öffnet in neuem Tab)</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </Panel>

          <Panel id="hours-title" title="Öffnungszeiten" Icon={Clock}>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
              {WEEKDAYS.map((day) => {
                const hours = vendor.oeffnungszeiten[day].trim();
                return (
                  <div key={day} className="contents">
                    <dt className="font-semibold">{WEEKDAY_LABELS[day]}</dt>
                    <dd className={hours ? 'text-gray-900' : 'text-gray-700'}>
                      {hours || 'Nicht angegeben'}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </Panel>
        </div>
      </div>
    </article>
  );
}
