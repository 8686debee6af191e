import { ERRORS } from '@housnkuh/shared/messages';
import type { PublicVendor } from '@housnkuh/shared/schemas/directory';
import { MapIcon, SearchX, Sprout } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteSettings } from '../../../lib/site-settings';
import { useDirectory } from './api/directory';
import { DirectoryFilterBox } from './components/directory-filter-box';
import { Pagination } from './components/pagination';
import { VendorCard } from './components/vendor-card';
import {
  apiQueryString,
  changeFilters,
  DEFAULT_FILTERS,
  filtersToParams,
  hasActiveFilters,
  parseFilters,
  toggleTag,
  type DirectoryFilters,
} from './directory-filters';

/** The search reaches the address (and the API) this long after typing stops (spec §9). */
const SEARCH_DEBOUNCE_MS = 300;

/** "14 Direktvermarkter"; past the count's cap (DIRECTORY_COUNT_CAP) "mehr als 1.000 …". */
function countText({
  totalCount,
  totalCountCapped,
}: {
  totalCount: number;
  totalCountCapped: boolean;
}): string {
  const count = totalCount.toLocaleString('de-DE');
  return totalCountCapped ? `mehr als ${count} Direktvermarkter` : `${count} Direktvermarkter`;
}

/** /direktvermarkter/uebersicht: every producer, with search, filters and pages (spec §2). */
export function DirectoryPage() {
  const settings = useSiteSettings();
  usePageMeta(
    'Direktvermarkter aus der Region',
    `Alle Direktvermarkter von ${settings.shopName} in ${settings.address.ort}: aus der Region, mit ihren Produkten, Kontaktdaten und Öffnungszeiten – mit Suche und Filtern.`,
    settings.shopName,
  );
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  const result = useDirectory(apiQueryString(filters));
  const listTop = useRef<HTMLHeadingElement>(null);

  // A change builds on the filters last applied, not on the last render: a
  // navigation renders in a transition, and under load the next change (the
  // search's timer, an early choice or click replayed at start-up) can come
  // before it has rendered – building on the render would drop the first change.
  const rendered = useRef({ params, filters });
  useLayoutEffect(() => {
    rendered.current = { params, filters };
  });
  const applied = useRef<{ from: URLSearchParams; to: DirectoryFilters } | null>(null);
  const currentFilters = useCallback(() => {
    const { params: from, filters: shown } = rendered.current;
    return applied.current?.from === from ? applied.current.to : shown;
  }, []);
  const apply = useCallback(
    (next: DirectoryFilters, replace = false) => {
      applied.current = { from: rendered.current.params, to: next };
      setParams(filtersToParams(next), { replace, preventScrollReset: true });
    },
    [setParams],
  );

  // The search field follows the address when that changes from elsewhere
  // (back and forward, reset); typing reaches the address after a pause.
  const [searchInput, setSearchInput] = useState(filters.search);
  const [addressSearch, setAddressSearch] = useState(filters.search);
  if (filters.search !== addressSearch) {
    setAddressSearch(filters.search);
    if (filters.search !== searchInput.trim()) setSearchInput(filters.search);
  }
  useEffect(() => {
    const value = searchInput.trim();
    if (value === filters.search) return;
    const timer = setTimeout(
      // refining a search replaces the history entry; starting or clearing one adds an entry
      () => {
        const current = currentFilters();
        apply(changeFilters(current, { search: value }), Boolean(current.search && value));
      },
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [searchInput, filters, apply, currentFilters]);

  const resetFilters = () => {
    setSearchInput('');
    apply({ ...DEFAULT_FILTERS, sortBy: filters.sortBy, sortOrder: filters.sortOrder });
  };
  const goToPage = (page: number) => {
    apply({ ...currentFilters(), page });
    listTop.current?.scrollIntoView?.({ block: 'start' });
    listTop.current?.focus({ preventScroll: true });
  };

  const data = result.data;
  const filtered = hasActiveFilters(filters);
  let content;
  if (result.isError) {
    content = (
      <div className="mt-6">
        <LoadError title={ERRORS.directory} onRetry={() => void result.refetch()} />
      </div>
    );
  } else if (!data) {
    content = <LoadingList />;
  } else if (data.pagination.totalCount === 0 && !filtered) {
    content = <ComingSoon shopName={settings.shopName} />;
  } else if (data.vendors.length === 0 && data.pagination.totalCount === 0) {
    content = (
      <EmptyBox
        title="Keine Direktvermarkter gefunden"
        text="Zu deiner Suche und deinen Filtern passt gerade niemand. Versuche es mit anderen Begriffen oder weniger Filtern."
        action="Filter zurücksetzen"
        onAction={resetFilters}
      />
    );
  } else if (data.vendors.length === 0) {
    content = (
      <EmptyBox
        title="Diese Seite gibt es nicht"
        text={`Die Liste hat nur ${data.pagination.totalPages} ${data.pagination.totalPages === 1 ? 'Seite' : 'Seiten'}.`}
        action="Zur ersten Seite"
        onAction={() => goToPage(1)}
      />
    );
  } else {
    content = (
      <VendorList
        vendors={data.vendors}
        busy={result.isPlaceholderData}
        page={data.pagination.currentPage}
        totalPages={data.pagination.totalPages}
        onPage={goToPage}
      />
    );
  }

  return (
    <>
      <PageHeader title="Unsere Direktvermarkter" eyebrow="Aus der Region, für die Region">
        <p>
          Lerne die Direktvermarkterinnen und Direktvermarkter kennen, deren Produkte du bei{' '}
          {settings.shopName} findest: wer sie sind, was sie anbieten und wie du sie erreichst.
        </p>
        <p className="mt-4">
          <Link
            to="/direktvermarkter/karte"
            className="inline-flex items-center gap-2 font-semibold text-coral-darker underline underline-offset-4"
          >
            <MapIcon aria-hidden="true" className="h-5 w-5" />
            Direktvermarkter auf der Karte ansehen
          </Link>
        </p>
      </PageHeader>

      <div className="mx-auto max-w-6xl px-4 py-10 md:py-12">
        <DirectoryFilterBox
          filters={filters}
          searchInput={searchInput}
          onSearchInput={setSearchInput}
          onChange={(change) => apply(changeFilters(currentFilters(), change))}
          onToggleTag={(slug) =>
            apply(changeFilters(currentFilters(), { tags: toggleTag(currentFilters().tags, slug) }))
          }
          allTags={data?.availableFilters.allTags ?? []}
        />

        <section aria-labelledby="directory-results-title" className="mt-8">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2
              id="directory-results-title"
              ref={listTop}
              tabIndex={-1}
              className="scroll-mt-24 text-2xl font-bold focus:outline-none"
            >
              {filtered ? 'Suchergebnisse' : 'Alle Direktvermarkter'}
            </h2>
            <p role="status" className="text-gray-800">
              {data && !result.isError ? countText(data.pagination) : ''}
            </p>
          </div>
          {content}
        </section>
      </div>
    </>
  );
}

function VendorList({
  vendors,
  busy,
  page,
  totalPages,
  onPage,
}: {
  vendors: PublicVendor[];
  busy: boolean;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  return (
    <>
      <ul
        aria-busy={busy || undefined}
        className={`mt-6 grid gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3 ${busy ? 'opacity-60' : ''}`}
      >
        {vendors.map((vendor) => (
          <li key={vendor.id}>
            <VendorCard vendor={vendor} />
          </li>
        ))}
      </ul>
      <Pagination page={page} totalPages={totalPages} onChange={onPage} />
    </>
  );
}

function LoadingList() {
  return (
    <div role="status" aria-busy="true" className="mt-6">
      <p className="text-gray-800">Direktvermarkter werden geladen …</p>
      <ul aria-hidden="true" className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index} className="animate-pulse overflow-hidden rounded-xl bg-white shadow-sm">
            <div className="aspect-[16/5] bg-sand" />
            <div className="space-y-3 p-5">
              <div className="h-6 w-2/3 rounded bg-sand" />
              <div className="h-4 w-full rounded bg-sand" />
              <div className="h-4 w-5/6 rounded bg-sand" />
              <div className="h-4 w-1/2 rounded bg-sand" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function EmptyBox({
  title,
  text,
  action,
  onAction,
}: {
  title: string;
  text: string;
  action: string;
  onAction: () => void;
}) {
  return (
    <div className="mt-6 rounded-xl bg-white p-8 text-center shadow-sm">
      <SearchX aria-hidden="true" className="mx-auto h-10 w-10 text-coral-dark" />
      <h3 className="mt-3 text-xl font-bold">{title}</h3>
      <p className="mx-auto mt-2 max-w-xl text-gray-800">{text}</p>
      <Button className="mt-5" onClick={onAction}>
        {action}
      </Button>
    </div>
  );
}

/** No producer is listed yet: how to become the first, and how to hear about it. */
function ComingSoon({ shopName }: { shopName: string }) {
  return (
    <div className="mt-6 rounded-xl bg-white p-8 shadow-sm md:p-10">
      <Sprout aria-hidden="true" className="h-10 w-10 text-moss" />
      <h3 className="mt-3 text-2xl font-bold">Bald findest du hier unsere Direktvermarkter</h3>
      <p className="mt-3 max-w-2xl text-lg text-gray-800">
        Die ersten Direktvermarkterinnen und Direktvermarkter aus der Region ziehen gerade bei{' '}
        {shopName} ein. Du stellst selbst regionale Produkte her? Dann sichere dir jetzt deinen
        Platz im Laden.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to="/pricing">Als Direktvermarkter registrieren</ButtonLink>
        <ButtonLink to="/pricing" variant="secondary">
          Preise ansehen
        </ButtonLink>
        <ButtonLink to="/#newsletter" variant="ghost">
          Newsletter abonnieren
        </ButtonLink>
      </div>
    </div>
  );
}
