import { ExternalLink, LogOut, Menu, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { LogoMark } from '../../components/layout/logo';
import { PageScroll } from '../../components/layout/page-scroll';
import { useAdminLogout } from '../../lib/admin-auth';
import { useAdminSession } from '../../lib/admin-session';
import { ADMIN_NAV } from './admin-nav';

function SidebarLinks() {
  return (
    <ul className="space-y-1">
      {ADMIN_NAV.map(({ to, label, icon: Icon }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={to === '/admin'}
            className={({ isActive }) =>
              `flex items-center gap-3 rounded-lg px-3 py-2 font-semibold ${
                isActive ? 'bg-navy text-white' : 'text-gray-900 hover:bg-sand'
              }`
            }
          >
            <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
            {label}
          </NavLink>
        </li>
      ))}
      <li className="border-t border-gray-200 pt-2">
        <Link
          to="/"
          className="flex items-center gap-3 rounded-lg px-3 py-2 text-gray-800 hover:bg-sand"
        >
          <ExternalLink aria-hidden="true" className="h-4 w-4 shrink-0" />
          Zur Website
        </Link>
      </li>
    </ul>
  );
}

/**
 * The admin area's frame (spec §2): a header with the admin's name and a
 * logout button that returns to /admin/login, the sidebar with the area's
 * pages (on a phone behind the 'Menü' button), and the page.
 */
export function AdminLayout() {
  const session = useAdminSession();
  const logout = useAdminLogout();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // open on the page where it was opened: a chosen page closes the phone menu
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const [leaving, setLeaving] = useState(false);
  const menuId = useId();

  const signOut = async () => {
    setLeaving(true);
    await logout();
    await navigate('/admin/login', { replace: true });
  };

  return (
    <div className="flex min-h-screen flex-col bg-sand/40">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Zum Inhalt springen
      </a>
      <header className="bg-navy text-white">
        <div className="flex items-center gap-3 px-4 py-3">
          <button
            type="button"
            className="rounded-lg p-2 hover:bg-navy-light md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
          >
            {menuOpen ? (
              <X aria-hidden="true" className="h-6 w-6" />
            ) : (
              <Menu aria-hidden="true" className="h-6 w-6" />
            )}
            <span className="sr-only">Menü</span>
          </button>
          <Link to="/admin" className="flex items-center gap-2 rounded-md">
            <LogoMark className="h-8 w-8" />
            <span className="text-lg font-bold">Verwaltung</span>
          </Link>
          <div className="ml-auto flex items-center gap-3">
            <p className="hidden text-sm sm:block">
              Angemeldet als <span className="font-semibold">{session?.user.name}</span>
            </p>
            <button
              type="button"
              onClick={() => void signOut()}
              disabled={leaving}
              className="inline-flex items-center gap-2 rounded-lg border border-white/60 px-3 py-2 text-sm font-semibold hover:bg-white hover:text-navy disabled:opacity-60"
            >
              <LogOut aria-hidden="true" className="h-4 w-4" />
              Abmelden
            </button>
          </div>
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <nav
          id={menuId}
          aria-label="Verwaltung"
          className={`${menuOpen ? 'block' : 'hidden'} border-b border-gray-200 bg-white p-3 md:block md:w-60 md:shrink-0 md:border-r md:border-b-0`}
        >
          <p className="mb-2 px-3 text-sm text-gray-800 sm:hidden">
            Angemeldet als <span className="font-semibold">{session?.user.name}</span>
          </p>
          <SidebarLinks />
        </nav>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 focus:outline-none md:p-8">
          <Outlet />
        </main>
      </div>
      <PageScroll />
    </div>
  );
}
