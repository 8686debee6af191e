import { formatDateTime, formatIsoDay } from '@housnkuh/shared/format';
import type { AdminDashboard } from '@housnkuh/shared/schemas/admin';
import { formatMonth } from '@housnkuh/shared/months';
import type { LucideIcon } from 'lucide-react';
import {
  Banknote,
  Calculator,
  CalendarClock,
  Inbox,
  MailCheck,
  Receipt,
  Trophy,
  UserX,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { Badge } from '../../../components/admin/badge';
import { DemoDataSection } from '../../../components/admin/demo-data-section';
import { QueryState } from '../../../components/ui/load-error';
import { SearchInput } from '../../../components/ui/search-input';
import { useAdminSession } from '../../../lib/admin-session';
import { usePageMeta } from '../../../lib/page-meta';
import { useAdminDashboard, useProducerSearch } from './api/dashboard';

const count = new Intl.NumberFormat('de-DE');

function Todo({
  to,
  icon: Icon,
  n,
  one,
  many,
}: {
  to: string;
  icon: LucideIcon;
  n: number;
  one: string;
  many: string;
}) {
  return (
    <li>
      <Link
        to={to}
        className={`flex h-full items-center gap-4 rounded-xl border-2 bg-white p-4 hover:border-navy ${
          n > 0 ? 'border-coral-dark' : 'border-gray-200'
        }`}
      >
        <Icon aria-hidden="true" className="h-8 w-8 shrink-0 text-navy" />
        <span>
          <span className="block text-3xl font-extrabold">{count.format(n)}</span>
          <span className="font-semibold">{n === 1 ? one : many}</span>
        </span>
      </Link>
    </li>
  );
}

const linkClass = 'font-semibold text-coral-darker underline hover:no-underline';

const ENDING_KINDS: Record<string, string> = {
  vendor: 'Kündigung durch den Direktvermarkter',
  shop: 'Kündigung durch den Laden',
  extraordinary: 'Außerordentliche Kündigung',
};

function EmailFlag({ confirmed }: { confirmed: boolean }) {
  return (
    <Badge tone={confirmed ? 'good' : 'warn'}>
      {confirmed ? 'E-Mail bestätigt' : 'E-Mail nicht bestätigt'}
    </Badge>
  );
}

/** A titled card with a list, or a line saying there is nothing. */
function Panel({
  id,
  title,
  empty,
  more,
  children,
}: {
  id: string;
  title: string;
  empty: string | false;
  more?: { to: string; label: string };
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-4">
      <h2 id={id} className="mb-2 text-lg font-bold">
        {title}
      </h2>
      {empty ? <p className="text-gray-800">{empty}</p> : <ul className="space-y-2">{children}</ul>}
      {more && (
        <p className="mt-3">
          <Link to={more.to} className={linkClass}>
            {more.label}
          </Link>
        </p>
      )}
    </section>
  );
}

function Occupancy({ occupancy }: { occupancy: AdminDashboard['occupancy'] }) {
  return (
    <section aria-labelledby="occupancy" className="rounded-xl bg-white p-4">
      <h2 id="occupancy" className="mb-2 text-lg font-bold">
        Belegung heute
      </h2>
      <p className="text-3xl font-extrabold">
        {count.format(occupancy.occupied)} von {count.format(occupancy.total)}
      </p>
      <p className="mb-1">Mietfächern belegt</p>
      <p className="mb-3">
        <span className="font-semibold">{count.format(occupancy.reserved)}</span> weitere reserviert
        ab einem späteren Tag
      </p>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {occupancy.types.map((type) => (
          <div key={type.optionId} className="contents">
            <dt>{type.name}</dt>
            <dd className="text-right font-semibold tabular-nums">
              {type.occupied} von {type.total}
              {type.reserved > 0 && `, ${type.reserved} reserviert`}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3">
        <Link to="/admin/mietfaecher" className={linkClass}>
          Zu den Mietfächern
        </Link>
      </p>
    </section>
  );
}

/** Type a name: the first matching producers, each a link to its page in Benutzer. */
function ProducerSearch() {
  const [search, setSearch] = useState('');
  const found = useProducerSearch(search);
  const term = search.trim();
  return (
    <section aria-labelledby="producer-search" className="rounded-xl bg-white p-4">
      <h2 id="producer-search" className="mb-2 text-lg font-bold">
        Direktvermarkter finden
      </h2>
      <SearchInput
        id="producer-search-input"
        label="Name, Firma, E-Mail oder Ort"
        value={search}
        onValue={setSearch}
        autoComplete="off"
      />
      <div aria-live="polite" className="mt-2">
        {term.length >= 2 && found.isError && (
          <p>Die Suche hat nicht geklappt. Bitte versuche es noch einmal.</p>
        )}
        {term.length >= 2 && found.data && found.data.vendors.length === 0 && (
          <p>Kein Direktvermarkter gefunden.</p>
        )}
        {term.length >= 2 && found.data && found.data.vendors.length > 0 && (
          <ul className="space-y-1">
            {found.data.vendors.map((vendor) => (
              <li key={vendor.id}>
                <Link to={`/admin/users/vendors/${vendor.id}`} className={linkClass}>
                  {vendor.unternehmen || vendor.name}
                </Link>{' '}
                <span className="text-sm text-gray-800">
                  {vendor.unternehmen ? `${vendor.name} · ` : ''}
                  {vendor.email}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

type TodoTile = Parameters<typeof Todo>[0];

/** The tiles of "Zu erledigen", each a count and where its work is done. */
function todoTiles(todos: AdminDashboard['todos']): TodoTile[] {
  const firstMonth = todos.monthsToSettle[0];
  return [
    {
      to: '/admin/contacts?status=new',
      icon: Inbox,
      n: todos.unreadContacts,
      one: 'neue Kontaktanfrage',
      many: 'neue Kontaktanfragen',
    },
    {
      to: '/admin/pending-bookings',
      icon: CalendarClock,
      n: todos.pendingBookings,
      one: 'neue Buchungsanfrage',
      many: 'neue Buchungsanfragen',
    },
    {
      to: '/admin/newsletter?status=pending',
      icon: MailCheck,
      n: todos.pendingSubscribers,
      one: 'Abonnement wartet auf Bestätigung',
      many: 'Abonnements warten auf Bestätigung',
    },
    {
      to: '/admin/vendor-contest',
      icon: Trophy,
      n: todos.contestEntries,
      one: 'Teilnahme am Wettbewerb',
      many: 'Teilnahmen am Wettbewerb',
    },
    {
      to: '/admin/verkaeufe',
      icon: Receipt,
      n: todos.unassignedSales,
      one: 'Verkaufszeile ohne Zuordnung',
      many: 'Verkaufszeilen ohne Zuordnung',
    },
    {
      to: '/admin/verkaeufe',
      icon: Receipt,
      n: todos.salesToClarify,
      one: 'Verkaufszeile zu klären (Steuersatz)',
      many: 'Verkaufszeilen zu klären (Steuersatz)',
    },
    {
      to: firstMonth ? `/admin/revenue?monat=${firstMonth}` : '/admin/revenue',
      icon: Calculator,
      n: todos.monthsToSettle.length,
      one: `Monat wartet auf die Abrechnung${firstMonth ? ` (${formatMonth(firstMonth)})` : ''}`,
      many: `Monate warten auf die Abrechnung${firstMonth ? ` (ab ${formatMonth(firstMonth)})` : ''}`,
    },
    {
      to: '/admin/revenue#offene-posten',
      icon: Banknote,
      n: todos.openItems,
      one: 'offener Posten eines Direktvermarkters',
      many: 'offene Posten von Direktvermarktern',
    },
    {
      to: '/admin/users?ansicht=geloescht',
      icon: UserX,
      n: todos.dueRemovals,
      one: 'gelöschtes Konto nach der Aufbewahrungsfrist zu entfernen',
      many: 'gelöschte Konten nach der Aufbewahrungsfrist zu entfernen',
    },
  ];
}

/** A producer's name and its contract, both links: "Hof Müller: … · Vertrag V-2026-0001". */
function ContractLine({
  vendorId,
  vendorName,
  contractId,
  number,
  children,
}: {
  vendorId: string;
  vendorName: string;
  contractId: string;
  number: string | null;
  children: ReactNode;
}) {
  return (
    <>
      <Link to={`/admin/users/vendors/${vendorId}`} className={linkClass}>
        {vendorName}
      </Link>
      : {children} ·{' '}
      <Link to={`/admin/vertraege/${contractId}`} className={linkClass}>
        Vertrag {number ?? ''}
      </Link>
    </>
  );
}

function Lists({ data }: { data: AdminDashboard }) {
  return (
    <div className="mt-8 grid gap-4 lg:grid-cols-2">
      <Occupancy occupancy={data.occupancy} />
      <Panel
        id="trials-ending"
        title="Probemonate, die in den nächsten 7 Tagen enden"
        empty={data.trialsEnding.length === 0 && 'Kein Probemonat endet in den nächsten 7 Tagen.'}
      >
        {data.trialsEnding.map((trial) => (
          <li key={trial.contractId}>
            <ContractLine {...trial}>Probemonat bis {formatIsoDay(trial.trialEndsOn)}</ContractLine>
          </li>
        ))}
      </Panel>
      <Panel
        id="endings"
        title="Kündigungen und Vertragsenden"
        empty={
          data.endings.length === 0 &&
          'Diesen Monat endet kein Vertrag, und in den letzten 7 Tagen kam keine Kündigung.'
        }
      >
        {data.endings.map((ending) => (
          <li key={ending.contractId}>
            <ContractLine {...ending}>endet am {formatIsoDay(ending.endDate)}</ContractLine>
            <span className="block text-sm text-gray-800">
              {ENDING_KINDS[ending.kind] ?? 'Vertragsende'}
              {ending.noticeGivenOn ? ` vom ${formatIsoDay(ending.noticeGivenOn)}` : ''}
            </span>
          </li>
        ))}
      </Panel>
      <Panel
        id="open-requests"
        title="Offene Buchungsanfragen"
        empty={data.openRequests.length === 0 && 'Keine offenen Buchungsanfragen.'}
        more={{ to: '/admin/pending-bookings', label: 'Zu den offenen Buchungen' }}
      >
        {data.openRequests.map((request) => (
          <li key={request.id}>
            <Link to={`/admin/users/vendors/${request.vendorId}`} className={linkClass}>
              {request.vendorName}
            </Link>{' '}
            <EmailFlag confirmed={request.emailConfirmed} />
            <span className="block text-sm text-gray-800">
              Anfrage vom {formatDateTime(request.createdAt)}: {request.summary}
            </span>
          </li>
        ))}
      </Panel>
      <ProducerSearch />
    </div>
  );
}

/** /admin: what needs doing now (each a link to where it is done) and a few figures. */
export function AdminDashboardPage() {
  usePageMeta('Dashboard', 'Übersicht der Verwaltung.');
  const name = useAdminSession()?.user.name;
  const dashboard = useAdminDashboard();

  return (
    <>
      <AdminPageHeader
        title="Dashboard"
        description={name ? `Hallo ${name}! Das steht gerade an.` : 'Das steht gerade an.'}
      />
      <DemoDataSection whilePresent />
      <QueryState query={dashboard} error="Die Übersicht konnte nicht geladen werden." />
      {dashboard.data && (
        <>
          <section aria-labelledby="todos">
            <h2 id="todos" className="mb-3 text-xl font-bold">
              Zu erledigen
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              {todoTiles(dashboard.data.todos).map((tile) => (
                <Todo key={tile.one} {...tile} />
              ))}
            </ul>
          </section>
          <Lists data={dashboard.data} />
          <section aria-labelledby="figures" className="mt-8">
            <h2 id="figures" className="mb-3 text-xl font-bold">
              Zahlen
            </h2>
            <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <div className="rounded-xl bg-white p-4">
                <dt className="text-gray-800">Direktvermarkter</dt>
                <dd className="text-3xl font-extrabold">
                  {count.format(dashboard.data.figures.vendors)}
                  {dashboard.data.figures.demoVendors > 0 && (
                    <span className="block text-base font-semibold">
                      davon {count.format(dashboard.data.figures.demoVendors)} Demo
                    </span>
                  )}
                </dd>
              </div>
              {[
                [
                  'Newsletter: bestätigte Kundinnen und Kunden',
                  dashboard.data.figures.confirmedSubscribers.customer,
                ],
                [
                  'Newsletter: bestätigte Direktvermarkter',
                  dashboard.data.figures.confirmedSubscribers.vendor,
                ],
              ].map(([label, value]) => (
                <div key={label} className="rounded-xl bg-white p-4">
                  <dt className="text-gray-800">{label}</dt>
                  <dd className="text-3xl font-extrabold">{count.format(Number(value))}</dd>
                </div>
              ))}
            </dl>
          </section>
        </>
      )}
    </>
  );
}
