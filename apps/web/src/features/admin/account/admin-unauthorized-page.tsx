import { Link } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta';
import { AdminAuthFrame } from './admin-auth-frame';

/** /admin/unauthorized: signed in, but not as an admin (spec §4). */
export function AdminUnauthorizedPage() {
  usePageMeta('Kein Zugriff', 'Dieser Bereich ist der Verwaltung des Ladens vorbehalten.');
  return (
    <AdminAuthFrame title="Kein Zugriff">
      <p>
        Dieser Bereich ist der Verwaltung des Ladens vorbehalten. Mit deinem Konto kannst du ihn
        nicht öffnen.
      </p>
      <ul className="mt-4 space-y-2">
        <li>
          <Link
            to="/admin/login"
            className="font-semibold text-coral-darker underline underline-offset-2"
          >
            Als Administrator anmelden
          </Link>
        </li>
        <li>
          <Link
            to="/vendor/dashboard"
            className="font-semibold text-coral-darker underline underline-offset-2"
          >
            Zum Direktvermarkter-Bereich
          </Link>
        </li>
      </ul>
    </AdminAuthFrame>
  );
}
