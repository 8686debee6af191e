import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on narrow screens: a labelled region that takes the
 * keyboard focus, so it can be scrolled without a mouse (axe: scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={`overflow-x-auto ${className}`}
    >
      {children}
    </div>
  );
}
