import { LoadError } from '../ui/load-error';
import { useBookings } from '../../lib/vendor-area/bookings';
import { BookingCard } from './booking-card';

/** The vendor's booking requests as cards, with loading, failure ('Neu laden') and empty states. */
export function BookingsList() {
  // loaded once the session is settled; after a failure the vendor loads them again with 'Neu laden'
  const bookings = useBookings();
  if (bookings.data === undefined && bookings.isError && !bookings.isFetching) {
    return (
      <div className="mt-4">
        <LoadError title={bookings.error.message} onRetry={() => void bookings.refetch()} />
      </div>
    );
  }
  if (bookings.data === undefined) {
    return (
      <p className="mt-4" role="status">
        Buchungen werden geladen …
      </p>
    );
  }
  if (bookings.data.length === 0) {
    return <p className="mt-4 text-gray-800">Du hast noch keine Verkaufsfläche gebucht.</p>;
  }
  return (
    <ul className="mt-4 space-y-4">
      {bookings.data.map((booking) => (
        <li key={booking.id}>
          <BookingCard booking={booking} />
        </li>
      ))}
    </ul>
  );
}
