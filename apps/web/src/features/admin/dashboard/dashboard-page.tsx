import type { LucideIcon } from 'lucide-react';
import { CalendarClock, Inbox, MailCheck, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { DemoDataSection } from '../../../components/admin/demo-data-section';
import { LoadError } from '../../../components/ui/load-error';
import { useAdminSession } from '../../../lib/admin-session';
import { usePageMeta } from '../../../lib/page-meta';
import { useAdminDashboard } from './api/dashboard';

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
      {dashboard.isPending && <p role="status">Wird geladen...</p>}
      {dashboard.isError && (
        <LoadError
          title="Die Übersicht konnte nicht geladen werden."
          onRetry={() => void dashboard.refetch()}
        />
      )}
      {dashboard.data && (
        <>
          <section aria-labelledby="todos">
            <h2 id="todos" className="mb-3 text-xl font-bold">
              Zu erledigen
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <Todo
                to="/admin/contacts?status=new"
                icon={Inbox}
                n={dashboard.data.todos.unreadContacts}
                one="neue Kontaktanfrage"
                many="neue Kontaktanfragen"
              />
              <Todo
                to="/admin/pending-bookings"
                icon={CalendarClock}
                n={dashboard.data.todos.pendingBookings}
                one="neue Buchungsanfrage"
                many="neue Buchungsanfragen"
              />
              <Todo
                to="/admin/newsletter?status=pending"
                icon={MailCheck}
                n={dashboard.data.todos.pendingSubscribers}
                one="Abonnement wartet auf Bestätigung"
                many="Abonnements warten auf Bestätigung"
              />
              <Todo
                to="/admin/vendor-contest"
                icon={Trophy}
                n={dashboard.data.todos.contestEntries}
                one="Teilnahme am Wettbewerb"
                many="Teilnahmen am Wettbewerb"
              />
            </ul>
          </section>
          <section aria-labelledby="figures" className="mt-8">
            <h2 id="figures" className="mb-3 text-xl font-bold">
              Zahlen
            </h2>
            <dl className="grid gap-4 sm:grid-cols-3">
              {[
                ['Registrierte Direktvermarkter', dashboard.data.figures.vendors],
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
