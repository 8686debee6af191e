import { LayoutDashboard } from 'lucide-react';
import { Outlet } from 'react-router';
import { AreaNav, type AreaLink } from '../../components/layout/area-nav';

/** The vendor area's pages; a page gets its entry when it exists. */
const VENDOR_LINKS: readonly AreaLink[] = [
  { to: '/vendor/dashboard', label: 'Dashboard', icon: LayoutDashboard },
];

/**
 * The signed-in vendor's area (behind the vendor guard, inside the public
 * frame with header and footer): the area's navigation above its page.
 */
export function VendorLayout() {
  return (
    <>
      <AreaNav label="Direktvermarkter-Bereich" links={VENDOR_LINKS} />
      <Outlet />
    </>
  );
}
