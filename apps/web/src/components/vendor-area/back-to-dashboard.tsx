import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** The link back to the dashboard at the top of every page of the vendor area. */
export function BackToDashboard() {
  return (
    <Link
      to="/vendor/dashboard"
      className="mb-4 inline-flex items-center gap-1 font-semibold text-coral-darker underline underline-offset-2"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Zum Dashboard
    </Link>
  );
}
