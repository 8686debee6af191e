import type { LucideIcon } from 'lucide-react';
import { Menu, X } from 'lucide-react';
import { useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';

export interface AreaLink {
  to: string;
  label: string;
  icon: LucideIcon;
}

const linkClass = (isActive: boolean) =>
  `flex items-center gap-1.5 rounded-md border-b-2 px-2 py-2 text-sm font-semibold whitespace-nowrap lg:gap-2 lg:px-2.5 lg:text-base ${
    isActive
      ? 'border-coral-dark text-navy'
      : 'border-transparent text-gray-800 hover:text-coral-darker'
  }`;

/**
 * The navigation of a signed-in area: one entry per page that exists; the current page is
 * marked (aria-current="page"). Every entry is visible: from 640 px on the entries wrap into as
 * many rows as they need (never scrolled away sideways); on a phone a "Menü" button with the
 * current page's name opens the full list. The bar's height depends only on the width, so
 * nothing moves while a page loads.
 */
export function AreaNav({ label, links }: { label: string; links: readonly AreaLink[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const { pathname } = useLocation();
  if (links.length === 0) return null;
  const current = links.find((link) => link.to === pathname);
  const items = (onPick?: () => void) =>
    links.map(({ to, label: text, icon: Icon }) => (
      <li key={to}>
        <NavLink to={to} end onClick={onPick} className={({ isActive }) => linkClass(isActive)}>
          <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
          {text}
        </NavLink>
      </li>
    ));
  return (
    <nav aria-label={label} className="border-b border-sand bg-white">
      <div className="mx-auto max-w-5xl px-2 sm:hidden">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center gap-2 py-2.5 text-left font-semibold text-navy"
        >
          {open ? (
            <X aria-hidden="true" className="h-5 w-5" />
          ) : (
            <Menu aria-hidden="true" className="h-5 w-5" />
          )}
          Menü{current ? `: ${current.label}` : ''}
        </button>
        <ul id={listId} hidden={!open} className="grid grid-cols-2 gap-1 pb-2">
          {items(() => setOpen(false))}
        </ul>
      </div>
      <ul className="mx-auto hidden max-w-5xl flex-wrap gap-x-0.5 px-4 py-1 sm:flex">{items()}</ul>
    </nav>
  );
}
