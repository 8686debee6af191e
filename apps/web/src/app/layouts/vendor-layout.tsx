import {
  ArrowLeftRight,
  CalendarClock,
  ChartColumn,
  ClipboardList,
  FileText,
  LayoutDashboard,
  Package,
  ReceiptText,
  ScanBarcode,
  Settings,
  UserRound,
} from 'lucide-react';
import { Outlet } from 'react-router';
import { AreaNav, type AreaLink } from '../../components/layout/area-nav';

/** The vendor area's pages; a page gets its entry when it exists. */
const VENDOR_LINKS: readonly AreaLink[] = [
  { to: '/vendor/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/vendor/profile', label: 'Mein Profil', icon: UserRound },
  { to: '/vendor/products', label: 'Produkte', icon: Package },
  { to: '/vendor/products/bestand', label: 'Bestand buchen', icon: ScanBarcode },
  { to: '/vendor/meine-buchungen', label: 'Meine Buchungen', icon: ClipboardList },
  { to: '/vendor/reports', label: 'Verkäufe', icon: ChartColumn },
  { to: '/vendor/housnkuh-invoices', label: 'Rechnungen', icon: FileText },
  { to: '/vendor/customer-invoices', label: 'Verkaufsabrechnungen', icon: ReceiptText },
  { to: '/vendor/trial-info', label: 'Probemonat', icon: CalendarClock },
  { to: '/vendor/upgrade', label: 'Modell wechseln', icon: ArrowLeftRight },
  { to: '/vendor/settings/cancel', label: 'Konto und Kündigung', icon: Settings },
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
