import { LoaderCircle } from 'lucide-react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useHydrated } from '../../lib/hydrated';
import {
  STORAGE_KEYS,
  isValidToken,
  isValidUserRecord,
  readJson,
  readStorage,
} from '../../lib/storage';

/**
 * Spec §4 "Route guards": loading until the stored session is known, then
 * /admin/login without an admin session and /admin/unauthorized for a user
 * without the admin flag. Not routed yet: the admin area (its sign-in, the
 * check of the token with the server and its pages) comes with the admin issue.
 */
export function AdminGuard() {
  const hydrated = useHydrated();
  const location = useLocation();
  if (!hydrated) {
    return (
      <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-3">
        <LoaderCircle aria-hidden="true" className="h-10 w-10 animate-spin text-coral-dark" />
        <p className="text-lg">Authentifizierung wird überprüft...</p>
      </div>
    );
  }
  const token = readStorage(STORAGE_KEYS.adminToken);
  const user = readJson(STORAGE_KEYS.adminUser);
  if (!isValidToken(token) || !isValidUserRecord(user)) {
    return <Navigate to="/admin/login" replace state={{ from: location.pathname }} />;
  }
  if ((user as { isAdmin?: unknown }).isAdmin !== true) {
    return <Navigate to="/admin/unauthorized" replace />;
  }
  return <Outlet />;
}
