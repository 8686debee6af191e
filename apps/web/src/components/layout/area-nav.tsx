import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';

export interface AreaLink {
  to: string;
  label: string;
  icon: LucideIcon;
}

/**
 * The navigation of a signed-in area (vendor, admin): one entry per page that
 * exists; the current page is marked (aria-current="page").
 */
export function AreaNav({ label, links }: { label: string; links: readonly AreaLink[] }) {
  if (links.length === 0) return null;
  return (
    <nav aria-label={label} className="border-b border-sand bg-white">
      <ul className="mx-auto flex max-w-5xl flex-wrap gap-1 px-4">
        {links.map(({ to, label: text, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end
              className={({ isActive }) =>
                `flex items-center gap-2 border-b-2 px-3 py-3 font-semibold ${
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
