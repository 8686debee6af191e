import { LayoutDashboard, ShieldCheck, UserRound } from 'lucide-react';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { useAdminSession } from '../../lib/admin-session';
import { useStoredVendorSession } from '../../lib/vendor-token';

/** The vendor's picture, or the placeholder icon when there is none or it does not load. */
function ProfilePicture({ src }: { src: string | null }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) return <UserRound aria-hidden="true" className="h-5 w-5" />;
  return (
    <img
      src={src}
      alt=""
      width={24}
      height={24}
      className="h-6 w-6 rounded-full object-cover"
      onError={() => setBroken(true)}
    />
  );
}

/**
 * The auth-aware entry of the navigation (spec §2): 'Admin Panel' for an admin,
 * 'Dashboard' with the profile picture for a logged-in vendor, else 'Login'
 * ('Direktvermarkter Login' in the mobile menu).
 */
export function AccountEntry({ mobile = false }: { mobile?: boolean }) {
  const vendor = useStoredVendorSession()?.user ?? null;
  const adminSession = useAdminSession();
  const admin = adminSession?.user.isAdmin === true ? adminSession : null;
  const className = mobile
    ? 'flex items-center justify-center gap-2 rounded-lg bg-navy px-4 py-3 font-semibold text-white'
    : 'ml-2 inline-flex items-center gap-2 rounded-lg bg-navy px-4 py-2 font-semibold text-white hover:bg-navy-light';

  if (admin) {
    return (
      <NavLink to="/admin" className={className}>
        <ShieldCheck aria-hidden="true" className="h-4 w-4" />
        Admin Panel
      </NavLink>
    );
  }
  if (vendor) {
    return (
      <NavLink to="/vendor/dashboard" className={className}>
        {vendor.profilBild ? (
          <ProfilePicture src={vendor.profilBild} />
        ) : (
          <LayoutDashboard aria-hidden="true" className="h-4 w-4" />
        )}
        Dashboard
      </NavLink>
    );
  }
  return (
    <NavLink to="/vendor/login" className={className}>
      <UserRound aria-hidden="true" className="h-4 w-4" />
      {mobile ? 'Direktvermarkter Login' : 'Login'}
    </NavLink>
  );
}
