import { ArrowLeft, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { usePageMeta } from '../../lib/page-meta';
import { useSiteSettings } from '../../lib/site-settings';
import { useBookings } from './api/bookings';
import { BookingCard } from './components/booking-card';

/** /vendor/meine-buchungen: every request and contract with its state, units, prices and dates. */
export function MyBookingsPage() {
  const settings = useSiteSettings();
  usePageMeta(
    'Meine Buchungen',
    `Deine Buchungen und Verträge bei ${settings.shopName}.`,
    settings.shopName,
  );
  const bookings = useBookings();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <Link
        to="/vendor/dashboard"
        className="mb-4 inline-flex items-center gap-1 font-semibold text-coral-darker underline underline-offset-2"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Zum Dashboard
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold">Meine Buchungen</h1>
        <ButtonLink to="/pricing" variant="secondary">
          <Plus aria-hidden="true" className="h-4 w-4" />
          Weitere Fläche buchen
        </ButtonLink>
      </div>
      <p className="mt-2 text-gray-800">
        Jede Anfrage mit ihrem Stand; eine bestätigte mit ihrem Vertrag, den Mietfächern und den
        Terminen. Kündigen kannst du unter{' '}
        <Link to="/vendor/settings/cancel" className="font-semibold underline underline-offset-2">
          Kündigen
        </Link>
        .
      </p>
      {bookings.data === undefined && bookings.isError && !bookings.isFetching ? (
        <div className="mt-4">
          <LoadError title={bookings.error.message} onRetry={() => void bookings.refetch()} />
        </div>
      ) : bookings.data === undefined ? (
        <p className="mt-4" role="status">
          Buchungen werden geladen …
        </p>
      ) : bookings.data.length === 0 ? (
        <p className="mt-4 text-gray-800">Du hast noch keine Verkaufsfläche gebucht.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {bookings.data.map((booking) => (
            <li key={booking.id}>
              <BookingCard booking={booking} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
