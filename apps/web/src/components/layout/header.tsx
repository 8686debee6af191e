import { Menu, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useSiteSettings } from '../../lib/site-settings';
import { AccountEntry } from './account-entry';
import { LogoMark } from './logo';

export const NAV_ITEMS = [
  { to: '/direktvermarkter', label: 'Direktvermarkter' },
  { to: '/standort', label: 'Standort' },
  { to: '/pricing', label: 'Verkaufsfläche mieten' },
  { to: '/kontakt', label: 'Kontakt' },
] as const;

/** The nav bar turns compact once the page is scrolled more than this (spec §9). */
export const COMPACT_AFTER_PX = 10;

export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 font-medium transition-colors hover:bg-sand ${
    isActive ? 'text-coral-dark underline decoration-2 underline-offset-8' : 'text-navy'
  }`;

export function Header() {
  const settings = useSiteSettings();
  const compact = useScrolledPast(COMPACT_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const menuId = useId();

  // A new page closes the menu.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  // Compact moves nothing: the bar keeps its height in the page (a bar that shrank moved the
  // page up, which could scroll it back above 10 px and grow the bar again, over and over: on a
  // page a little taller than the window everything below flickered and a click waited for a
  // button that never held still). Stuck, 8 px of its top padding stay above the window; the
  // brand shrinks by a transform and the shadow shows.
  return (
    <header
      data-compact={compact ? 'true' : 'false'}
      className={`sticky -top-2 z-40 border-b border-sand bg-white/95 py-3 backdrop-blur transition-shadow duration-200 ${
        compact ? 'shadow-md' : ''
      }`}
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Zum Inhalt springen
      </a>
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4">
        <Link
          to="/"
          className={`flex origin-left items-center gap-2 rounded-md text-xl font-bold tracking-tight transition-transform duration-200 ${
            compact ? 'scale-[0.8]' : ''
          }`}
          aria-label={`${settings.shopName} – zur Startseite`}
        >
          <LogoMark className="h-10 w-10" />
          <span>{settings.shopName}</span>
        </Link>

        <nav aria-label="Hauptnavigation" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={linkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <AccountEntry />
            </li>
          </ul>
        </nav>

        <button
          type="button"
          className="rounded-md p-2 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? 'Menü schließen' : 'Menü öffnen'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? (
            <X aria-hidden="true" className="h-7 w-7" />
          ) : (
            <Menu aria-hidden="true" className="h-7 w-7" />
          )}
        </button>
      </div>

      <nav
        id={menuId}
        aria-label="Mobile Navigation"
        hidden={!menuOpen}
        className="border-t border-sand bg-white lg:hidden"
      >
        <ul className="mx-auto flex max-w-6xl flex-col px-4 py-2">
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={(s) => `block ${linkClass(s)} py-3`}>
                {item.label}
              </NavLink>
            </li>
          ))}
          <li className="py-2">
            <AccountEntry mobile />
          </li>
        </ul>
      </nav>
    </header>
  );
}
