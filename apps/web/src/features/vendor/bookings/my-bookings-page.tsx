import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteSettings } from '../../../lib/site-settings';
import { BookingsList } from '../../../components/vendor-area/bookings-list';
import { BackToDashboard } from '../../../components/vendor-area/back-to-dashboard';

/** /vendor/meine-buchungen: every request and contract with its state, units, prices and dates. */
export function MyBookingsPage() {
  const settings = useSiteSettings();
  usePageMeta(
    'Meine Buchungen',
    `Deine Buchungen und Verträge bei ${settings.shopName}.`,
    settings.shopName,
  );
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <BackToDashboard />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold">Meine Buchungen</h1>
        <ButtonLink to="/pricing" variant="secondary">
          <Plus aria-hidden="true" className="h-4 w-4" />
          Weitere Fläche buchen
        </ButtonLink>
      </div>
      <p className="mt-2 text-gray-800">
        Jede Anfrage mit ihrem Stand; eine bestätigte mit ihrem Vertrag, den Mietfächern und den
        Terminen. Einen Vertrag beendest du unter{' '}
        <Link to="/vendor/settings/cancel" className="font-semibold underline underline-offset-2">
          Vertrag kündigen
        </Link>
        .
      </p>
      <BookingsList />
    </div>
  );
}
