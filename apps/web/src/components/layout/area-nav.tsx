import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';

export interface AreaLink {
  to: string;
  label: string;
  icon: LucideIcon;
}

/**
 * The navigation of a signed-in area (vendor, admin): one entry per page that
 * exists; the current page is marked (aria-current="page"). One row at every
 * width: compact on a phone, where it scrolls sideways instead of wrapping.
 */
export function AreaNav({ label, links }: { label: string; links: readonly AreaLink[] }) {
  if (links.length === 0) return null;
  return (
    <nav aria-label={label} className="border-b border-sand bg-white">
      <ul className="mx-auto flex max-w-5xl gap-0.5 overflow-x-auto px-2 sm:px-4">
        {links.map(({ to, label: text, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end
              className={({ isActive }) =>
                `flex items-center gap-1.5 border-b-2 px-2 py-2 text-sm font-semibold whitespace-nowrap sm:gap-2 sm:px-2.5 sm:py-3 sm:text-base ${
                  isActive
                    ? 'border-coral-dark text-navy'
                    : 'border-transparent text-gray-800 hover:text-coral-darker'
                }`
              }
            >
              <Icon aria-hidden="true" className="h-4 w-4" />
              {text}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
