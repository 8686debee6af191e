import { LoaderCircle } from 'lucide-react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useStoredVendorSession } from '../../lib/vendor-token';

/**
 * Spec §4: 'Authentifizierung wird überprüft...' while the session is not
 * known yet, then /vendor/login when signed out. A stored session shows the
 * area at once; a check that refuses it ends it, and this guard then leaves.
 */
export function VendorGuard() {
  const session = useStoredVendorSession();
  const location = useLocation();
  if (session === undefined) {
    return (
      <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-3">
        <LoaderCircle aria-hidden="true" className="h-10 w-10 animate-spin text-coral-dark" />
        <p className="text-lg">Authentifizierung wird überprüft...</p>
      </div>
    );
  }
  if (session === null) {
    return <Navigate to="/vendor/login" replace state={{ from: location.pathname }} />;
  }
  return <Outlet />;
}
