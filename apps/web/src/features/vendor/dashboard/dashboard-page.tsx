import { CalendarClock, LogOut, Plus } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteSettings } from '../../../lib/site-settings';
import { useStoredVendorSession } from '../../../lib/vendor-token';
import { useVendorLogout } from './api/logout';
import { useTrialStatus } from '../../../lib/vendor-area/trial-status';
import { BookingsList } from '../../../components/vendor-area/bookings-list';
import { BUSINESS_LINK } from '../../../components/vendor-area/iban-notice';
import { LastMonthMoney } from './components/last-month-money';
import { NextSteps } from './components/next-steps';
import { RestockNotices } from './components/restock-notices';

/**
 * /vendor/dashboard: where the producer stands (status, units, monthly price,
 * next dates), what to do next, account and trial, every booking request, and
 * links to every page of the area.
 */
export function DashboardPage() {
  const settings = useSiteSettings();
  usePageMeta(
    'Dashboard',
    `Dein Bereich als Direktvermarkter bei ${settings.shopName}: Buchungen, Probemonat und Konto.`,
    settings.shopName,
  );
  const session = useStoredVendorSession();
  const location = useLocation();
  const navigate = useNavigate();
  const notice = (location.state as { notice?: string } | null)?.notice;
  const user = session?.user ?? null;
  const trial = useTrialStatus();
  const logoutVendor = useVendorLogout();

  if (!user) return null;

  const logout = async () => {
    await logoutVendor.mutateAsync();
    void navigate('/', { replace: true });
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      {notice && (
        <div className="mb-6">
          <Alert tone="success" focusOnShow>
            <p>{notice}</p>
          </Alert>
        </div>
      )}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="font-semibold text-coral-darker">Dein Bereich</p>
          <h1 className="text-3xl font-extrabold sm:text-4xl">Hallo {user.name}!</h1>
          {user.unternehmen && <p className="mt-1 text-lg text-gray-800">{user.unternehmen}</p>}
        </div>
        <Button variant="secondary" onClick={() => void logout()}>
          <LogOut aria-hidden="true" className="h-4 w-4" />
          Abmelden
        </Button>
      </div>

      <div className="mt-8">
        <NextSteps status={user.accountStatus} />
      </div>

      <div className="mt-4">
        <RestockNotices />
      </div>

      <div className="mt-4">
        <LastMonthMoney />
      </div>

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <section aria-labelledby="account-title" className="rounded-xl bg-white p-5 shadow-sm">
          <h2 id="account-title" className="text-lg font-bold">
            Konto
          </h2>
          <p className="mt-2 text-gray-800">{user.email}</p>
          <ul className="mt-3 space-y-1">
            <li>
              <Link to="/vendor/profile" className="font-semibold underline underline-offset-2">
                Mein Profil
              </Link>
            </li>
            <li>
              <Link to={BUSINESS_LINK} className="font-semibold underline underline-offset-2">
                Geschäftsdaten und Bankverbindung
              </Link>
            </li>
            <li>
              <Link
                to="/vendor/settings/cancel"
                className="font-semibold underline underline-offset-2"
              >
                Passwort ändern, Daten herunterladen, kündigen
              </Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="trial-title" className="rounded-xl bg-white p-5 shadow-sm">
          <h2 id="trial-title" className="flex items-center gap-2 text-lg font-bold">
            <CalendarClock aria-hidden="true" className="h-5 w-5 text-coral-dark" />
            Probemonat
          </h2>
          <p className="mt-2" aria-live="polite">
            {trial.isPending
              ? 'Wird geladen …'
              : trial.isError
                ? trial.error.message
                : trial.data.message}
          </p>
          <p className="mt-3">
            <Link to="/vendor/trial-info" className="font-semibold underline underline-offset-2">
              Alles zum Probemonat
            </Link>
          </p>
        </section>
      </div>

      <section aria-labelledby="bookings-title" className="mt-10">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="bookings-title" className="text-2xl font-bold">
            Deine Buchungen
          </h2>
          <div className="flex flex-wrap gap-2">
            <ButtonLink to="/vendor/meine-buchungen" variant="secondary">
              Alle Buchungen und Verträge
            </ButtonLink>
            <ButtonLink to="/pricing" variant="secondary">
              <Plus aria-hidden="true" className="h-4 w-4" />
              Weitere Fläche buchen
            </ButtonLink>
          </div>
        </div>
        <BookingsList />
      </section>
    </div>
  );
}
