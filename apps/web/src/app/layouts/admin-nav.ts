import type { LucideIcon } from 'lucide-react';
import {
  CalendarClock,
  ChartColumn,
  CircleHelp,
  ClipboardList,
  FileSignature,
  Inbox,
  LayoutDashboard,
  ListOrdered,
  Mail,
  MailPlus,
  Package,
  PackagePlus,
  Receipt,
  ScrollText,
  Settings,
  Store,
  Tags,
  Trophy,
  Users,
} from 'lucide-react';

export interface AdminNavEntry {
  to: string;
  label: string;
  icon: LucideIcon;
}

/**
 * The admin sidebar in the order of spec §2: Dashboard, Newsletter,
 * E-Mail-Vorlagen, Benutzer, Tags, Mietfächer, Verträge, Zusatzleistungen,
 * Umsätze, Kontaktanfragen, offene Buchungen (with the Warteliste after it), Wettbewerb, FAQ,
 * Einstellungen.
 * An entry is listed only once its page exists (no empty pages); the
 * Protokoll (audit log) follows Einstellungen.
 */
export const ADMIN_NAV: readonly AdminNavEntry[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin/newsletter', label: 'Newsletter', icon: Mail },
  { to: '/admin/email-templates', label: 'E-Mail-Vorlagen', icon: MailPlus },
  { to: '/admin/users', label: 'Benutzer', icon: Users },
  { to: '/admin/products', label: 'Produkte', icon: Package },
  { to: '/admin/inventur', label: 'Inventur', icon: ClipboardList },
  { to: '/admin/tags', label: 'Tags', icon: Tags },
  { to: '/admin/mietfaecher', label: 'Mietfächer', icon: Store },
  { to: '/admin/vertraege', label: 'Verträge', icon: FileSignature },
  { to: '/admin/zusatzleistungen', label: 'Zusatzleistungen', icon: PackagePlus },
  { to: '/admin/revenue', label: 'Umsätze', icon: ChartColumn },
  { to: '/admin/verkaeufe', label: 'Verkäufe', icon: Receipt },
  { to: '/admin/contacts', label: 'Kontaktanfragen', icon: Inbox },
  { to: '/admin/pending-bookings', label: 'Offene Buchungen', icon: CalendarClock },
  { to: '/admin/warteliste', label: 'Warteliste', icon: ListOrdered },
  { to: '/admin/vendor-contest', label: 'Wettbewerb', icon: Trophy },
  { to: '/admin/faq', label: 'FAQ', icon: CircleHelp },
  { to: '/admin/settings', label: 'Einstellungen', icon: Settings },
  { to: '/admin/protokoll', label: 'Protokoll', icon: ScrollText },
];
