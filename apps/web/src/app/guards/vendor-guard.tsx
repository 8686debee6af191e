import { LoaderCircle } from 'lucide-react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useVendorSession } from '../../lib/vendor-session';

/** Spec §4: 'Authentifizierung wird überprüft...' while loading, then /vendor/login when signed out. */
export function VendorGuard() {
  const session = useVendorSession();
  const location = useLocation();
  if (session.isLoading && !session.user) {
    return (
      <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-3">
        <LoaderCircle aria-hidden="true" className="h-10 w-10 animate-spin text-coral-dark" />
        <p className="text-lg">Authentifizierung wird überprüft...</p>
      </div>
    );
  }
  if (!session.isAuthenticated) {
    return <Navigate to="/vendor/login" replace state={{ from: location.pathname }} />;
  }
  return <Outlet />;
}
