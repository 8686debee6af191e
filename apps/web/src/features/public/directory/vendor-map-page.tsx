import { PRODUCT_CATEGORIES } from '@housnkuh/shared/catalog';
import { ERRORS } from '@housnkuh/shared/messages';
import type { PublicVendor } from '@housnkuh/shared/schemas/directory';
import { ChevronDown, LayoutList, MapPinOff, X } from 'lucide-react';
import { useId, useMemo, useRef, useState, type Ref } from 'react';
import { Link } from 'react-router';
import { MapView } from '../../../components/map/map-view';
import type { MapMarker } from '../../../components/map/map-types';
import { Button, ButtonLink } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { useEarlyValue } from '../../../lib/early-input';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteSettings } from '../../../lib/site-settings';
import { useDirectory } from './api/directory';
import { CategoryIcon } from './components/category-icon';
import { ContactDetails } from './components/contact-details';
import { TagChips } from './components/tag-chips';
import { VerifyBadge } from './components/verify-badge';
import { ProfileImage } from './components/vendor-images';
import { useGeocodedPositions, type GeocodeProgress } from './hooks/use-geocoded-positions';
import { filterMapVendors, MAP_VENDOR_LIMIT, MAP_ZOOM, mapViewFor } from './map-filter';
import { addressText, usableCoordinates, type LatLng } from '@housnkuh/shared/address';
import { displayName, needsGeocoding } from './vendor-format';

/** Sorted as the list shows them: by company (else name). */
const MAP_QUERY = `sortBy=unternehmen&limit=${MAP_VENDOR_LIMIT}`;

/** /direktvermarkter/karte: where the producers are, with search and category filter (spec §2). */
export function VendorMapPage() {
  const settings = useSiteSettings();
  usePageMeta(
    'Direktvermarkter-Karte',
    `Auf der Karte: wo die Direktvermarkter von ${settings.shopName} zu Hause sind – mit Suche nach Namen und Orten und Filter nach Produkten.`,
    settings.shopName,
  );
  const query = useDirectory(MAP_QUERY);
  const vendors = query.data?.vendors;
  const { positions: found, progress } = useGeocodedPositions(vendors);

  const [search, setSearch] = useState('');
  const searchRef = useEarlyValue<HTMLInputElement>(search, setSearch);
  const [categories, setCategories] = useState<ReadonlySet<string>>(new Set());
  const [filterOpen, setFilterOpen] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  /** Changes with 'Alle anzeigen', so the map fits all markers again even if nothing else changed. */
  const [viewVersion, setViewVersion] = useState(0);
  const filterPanelId = useId();
  const entryIdPrefix = useId();
  const entryId = (vendorId: string) => `${entryIdPrefix}-${vendorId}`;
  const detailRef = useRef<HTMLElement>(null);

  const visible = useMemo(
    () => filterMapVendors(vendors ?? [], search, categories),
    [vendors, search, categories],
  );
  const positions = useMemo(() => {
    const result = new Map<string, LatLng>();
    for (const vendor of vendors ?? []) {
      const position = usableCoordinates(vendor.adresse.koordinaten) ?? found.get(vendor.id);
      if (position) result.set(vendor.id, position);
    }
    return result;
  }, [vendors, found]);
  const markers = useMemo<MapMarker[]>(
    () =>
      visible.flatMap((vendor) => {
        const position = positions.get(vendor.id);
        if (!position) return [];
        const description = addressText(vendor.adresse);
        return [
          {
            id: vendor.id,
            position,
            title: displayName(vendor),
            ...(description ? { description } : {}),
          },
        ];
      }),
    [visible, positions],
  );
  const view = mapViewFor(markers.map((marker) => marker.position));
  const selected = visible.find((vendor) => vendor.id === selectedId) ?? null;
  /** True once geocoding has given up on this producer (or it has no address at all). */
  const withoutPosition = (vendor: PublicVendor) =>
    !positions.has(vendor.id) && (!needsGeocoding(vendor) || found.has(vendor.id));

  const toggleCategory = (slug: string) =>
    setCategories((current) => {
      const next = new Set(current);
      if (next.has(slug)) next.delete(slug);
      else next.add(slug);
      return next;
    });
  const showAll = () => {
    setSearch('');
    setCategories(new Set());
    setSelectedId(null);
    setViewVersion((version) => version + 1);
  };

  let list;
  if (query.isError) {
    list = <LoadError title={ERRORS.dataLoad} onRetry={() => void query.refetch()} />;
  } else if (!vendors) {
    list = (
      <p role="status" aria-busy="true" className="rounded-xl bg-white p-4 text-gray-800 shadow-sm">
        Direktvermarkter werden geladen …
      </p>
    );
  } else if (vendors.length === 0) {
    list = (
      <div className="rounded-xl bg-white p-4 text-gray-800 shadow-sm">
        <p>Noch sind hier keine Direktvermarkter eingetragen.</p>
        <p className="mt-2">
          <Link to="/pricing" className="font-semibold text-coral-darker underline">
            Als Direktvermarkter registrieren
          </Link>
        </p>
      </div>
    );
  } else if (visible.length === 0) {
    list = (
      <p className="rounded-xl bg-white p-4 text-gray-800 shadow-sm">
        Keine Direktvermarkter gefunden. Versuche es mit einem anderen Suchbegriff oder anderen
        Kategorien.
      </p>
    );
  } else {
    list = (
      <ul
        aria-label="Direktvermarkter"
        className="max-h-[26rem] space-y-2 overflow-y-auto rounded-xl p-1 lg:max-h-[34rem]"
      >
        {visible.map((vendor) => {
          const active = vendor.id === selected?.id;
          return (
            <li key={vendor.id}>
              <button
                id={entryId(vendor.id)}
                type="button"
                aria-pressed={active}
                onClick={() => setSelectedId(active ? null : vendor.id)}
                className={`flex w-full flex-col items-start rounded-lg border px-4 py-3 text-left transition-colors ${
                  active
                    ? 'border-navy bg-navy text-white'
                    : 'border-gray-300 bg-white text-navy hover:bg-sand'
                }`}
              >
                <span className="font-semibold break-words">{displayName(vendor)}</span>
                {vendor.adresse.ort && (
                  <span className={`text-sm ${active ? 'text-gray-200' : 'text-gray-700'}`}>
                    {vendor.adresse.ort}
                  </span>
                )}
                {withoutPosition(vendor) && (
                  <span
                    className={`mt-1 inline-flex items-center gap-1 text-sm ${active ? 'text-gray-200' : 'text-gray-700'}`}
                  >
                    <MapPinOff aria-hidden="true" className="h-4 w-4" />
                    Ohne Standort auf der Karte
                  </span>
                )}
              </button>
              {active && (
                // keyboard users reach the details without tabbing past the whole list
                <a
                  href={`#${entryIdPrefix}-detail`}
                  onClick={(event) => {
                    event.preventDefault();
                    detailRef.current?.focus();
                  }}
                  className="sr-only rounded-lg bg-white px-4 py-2 font-semibold text-coral-darker underline focus:not-sr-only focus:mt-1 focus:block"
                >
                  Zu den Details von {displayName(vendor)}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <>
      <PageHeader title="Direktvermarkter-Karte" eyebrow="Aus der Region, für die Region">
        <p>
          Sieh auf der Karte, wo die Direktvermarkter von {settings.shopName} zu Hause sind – oft
          nur wenige Kilometer vom Laden entfernt.
        </p>
        <p className="mt-4">
          <Link
            to="/direktvermarkter/uebersicht"
            className="inline-flex items-center gap-2 font-semibold text-coral-darker underline underline-offset-4"
          >
            <LayoutList aria-hidden="true" className="h-5 w-5" />
            Zur Übersicht aller Direktvermarkter
          </Link>
        </p>
      </PageHeader>

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 lg:grid-cols-[22rem_1fr]">
        <section aria-labelledby="map-list-title" className="space-y-4">
          <h2 id="map-list-title" className="sr-only">
            Direktvermarkter suchen und auswählen
          </h2>
          <div role="search" className="space-y-3 rounded-xl bg-white p-4 shadow-sm">
            <TextField
              ref={searchRef}
              label="Suche nach Name, Unternehmen oder Ort"
              type="search"
              value={search}
              maxLength={100}
              autoComplete="off"
              onChange={(event) => setSearch(event.target.value)}
            />
            <div>
              <button
                type="button"
                aria-expanded={filterOpen}
                aria-controls={filterPanelId}
                onClick={() => setFilterOpen((open) => !open)}
                className="flex w-full items-center justify-between gap-2 rounded-lg border border-gray-400 px-3 py-2.5 font-semibold text-navy hover:bg-sand"
              >
                <span>
                  Nach Produkten filtern
                  {categories.size > 0 && (
                    <span className="ml-2 rounded-full bg-navy px-2 text-sm text-white">
                      {categories.size}
                      <span className="sr-only"> ausgewählt</span>
                    </span>
                  )}
                </span>
                <ChevronDown
                  aria-hidden="true"
                  className={`h-5 w-5 transition-transform ${filterOpen ? 'rotate-180' : ''}`}
                />
              </button>
              <fieldset id={filterPanelId} hidden={!filterOpen} className="mt-3">
                <legend className="sr-only">Produktkategorien (mehrere möglich)</legend>
                <ul className="grid grid-cols-1 gap-1 sm:grid-cols-2 lg:grid-cols-1">
                  {PRODUCT_CATEGORIES.map((category) => (
                    <li key={category.slug}>
                      <label className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 hover:bg-sand">
                        <input
                          type="checkbox"
                          checked={categories.has(category.slug)}
                          onChange={() => toggleCategory(category.slug)}
                          className="h-4 w-4 accent-navy"
                        />
                        <CategoryIcon icon={category.icon} color={category.color} />
                        {category.name}
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            </div>
            <Button variant="secondary" className="w-full" onClick={showAll}>
              Alle anzeigen
            </Button>
          </div>
          <p role="status" className="text-gray-800">
            {vendors
              ? `${visible.length} von ${vendors.length} Direktvermarktern${
                  markers.length !== visible.length ? `, ${markers.length} auf der Karte` : ''
                }`
              : ''}
          </p>
          {list}
        </section>

        <div className="space-y-4">
          <Progress progress={progress} />
          <DetailPanel
            ref={detailRef}
            id={`${entryIdPrefix}-detail`}
            vendor={selected}
            hasPosition={selected ? positions.has(selected.id) : false}
            onClose={() => {
              // back to where the choice was made
              if (selected) document.getElementById(entryId(selected.id))?.focus();
              setSelectedId(null);
            }}
          />
          <MapView
            key={viewVersion}
            label="Karte: Standorte der Direktvermarkter"
            center={view.center}
            zoom={view.zoom}
            markers={markers}
            selectedId={selected?.id ?? null}
            onSelect={setSelectedId}
            selectedZoom={MAP_ZOOM.selected}
            {...(view.fitBoundsPadding !== undefined
              ? { fitBoundsPadding: view.fitBoundsPadding }
              : {})}
            className="h-[28rem] lg:h-[36rem]"
          />
        </div>
      </div>
    </>
  );
}

function Progress({ progress }: { progress: GeocodeProgress }) {
  if (progress.total === 0 || progress.done >= progress.total) return null;
  const label = `Standorte werden ermittelt: ${progress.done} von ${progress.total}`;
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm">
      <p className="mb-2 text-sm font-semibold" aria-hidden="true">
        {label}
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
        aria-valuetext={label}
        className="h-2.5 overflow-hidden rounded-full bg-sand"
      >
        <div
          className="h-full rounded-full bg-coral-dark transition-[width]"
          style={{ width: `${Math.round((progress.done / progress.total) * 100)}%` }}
        />
      </div>
    </div>
  );
}

function DetailPanel({
  ref,
  id,
  vendor,
  hasPosition,
  onClose,
}: {
  ref: Ref<HTMLElement>;
  id: string;
  vendor: PublicVendor | null;
  hasPosition: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  if (!vendor) {
    return (
      <section
        aria-labelledby={titleId}
        aria-live="polite"
        className="rounded-xl bg-white p-5 shadow-sm"
      >
        <h2 id={titleId} className="text-lg font-bold">
          Kein Direktvermarkter ausgewählt
        </h2>
        <p className="mt-1 text-gray-800">
          Wähle einen Direktvermarkter in der Liste oder auf der Karte aus, um mehr zu erfahren.
        </p>
      </section>
    );
  }
  const name = displayName(vendor);
  return (
    <section
      ref={ref}
      id={id}
      tabIndex={-1}
      aria-labelledby={titleId}
      aria-live="polite"
      className="rounded-xl bg-white p-5 shadow-sm"
    >
      <div className="flex items-start gap-4">
        <ProfileImage src={vendor.profilBild} size={64} className="ring-sand" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-xl font-bold break-words">
            {name}
          </h2>
          {vendor.unternehmen && vendor.name !== name && (
            <p className="text-gray-800">{vendor.name}</p>
          )}
          <VerifyBadge status={vendor.verifyStatus} className="mt-1" />
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Auswahl aufheben"
          className="rounded-md p-2 text-gray-700 hover:bg-sand"
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
      {vendor.slogan && <p className="mt-3 text-gray-700 italic">{vendor.slogan}</p>}
      <ContactDetails
        vendor={{ adresse: vendor.adresse, telefon: vendor.telefon, email: null, website: null }}
        className="mt-3"
      />
      <div className="mt-3">
        <TagChips tags={vendor.tags} max={5} />
      </div>
      {!hasPosition && (
        <p className="mt-3 flex items-center gap-2 text-sm text-gray-700">
          <MapPinOff aria-hidden="true" className="h-4 w-4" />
          Für diesen Direktvermarkter ist kein Standort auf der Karte verfügbar.
        </p>
      )}
      <ButtonLink
        to={`/direktvermarkter/${encodeURIComponent(vendor.id)}`}
        aria-label={`Profil anzeigen: ${name}`}
        className="mt-4"
      >
        Profil anzeigen
      </ButtonLink>
    </section>
  );
}
