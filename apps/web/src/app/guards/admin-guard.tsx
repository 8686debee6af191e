import { LoaderCircle } from 'lucide-react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAdminSessionCheck } from '../../lib/admin-auth';
import { adminSessionExpired, useAdminSession } from '../../lib/admin-session';
import { useStoredVendorSession } from '../../lib/vendor-token';

function Checking() {
  return (
    <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-3">
      <LoaderCircle aria-hidden="true" className="h-10 w-10 animate-spin text-coral-dark" />
      <p className="text-lg">Authentifizierung wird überprüft...</p>
    </div>
  );
}

/**
 * Spec §4 "Route guards": loading until the session is known and checked with
 * the server, then /admin/login for a visitor and /admin/unauthorized for a
 * signed-in user who is not an admin (a stored record without the admin flag,
 * or a producer signed in to the vendor area). Decision 0016.
 */
export function AdminGuard() {
  const session = useAdminSession();
  const vendor = useStoredVendorSession();
  const location = useLocation();
  const isAdmin = (session?.user as { isAdmin?: unknown } | undefined)?.isAdmin === true;
  // only an admin's token is worth asking the server about
  const check = useAdminSessionCheck(
    isAdmin ? session?.token : undefined,
    session?.checked ?? true,
  );
  if (session === undefined) return <Checking />;
  if (session === null) {
    if (vendor) return <Navigate to="/admin/unauthorized" replace />;
    return (
      <Navigate
        to="/admin/login"
        replace
        state={{ from: location.pathname + location.search, expired: adminSessionExpired() }}
      />
    );
  }
  if (!isAdmin) {
    return <Navigate to="/admin/unauthorized" replace />;
  }
  if (!session.checked || check.isFetching) return <Checking />;
  return <Outlet />;
}
