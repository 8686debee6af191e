import type { ReactNode } from 'react';

interface IconProps {
  className?: string;
}

/** The frame every brand mark shares: 24 × 24, hidden from assistive technology. */
function BrandIcon({
  className = 'h-5 w-5',
  outline = false,
  children,
}: IconProps & { outline?: boolean; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      aria-hidden="true"
      focusable="false"
      {...(outline
        ? { fill: 'none', stroke: 'currentColor', strokeWidth: '2' }
        : { fill: 'currentColor' })}
    >
      {children}
    </svg>
  );
}

/** Brand marks drawn as simple outlines (lucide no longer ships brand icons). */
export function InstagramIcon({ className }: IconProps) {
  return (
    <BrandIcon className={className} outline>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
    </BrandIcon>
  );
}

export function FacebookIcon({ className }: IconProps) {
  return (
    <BrandIcon className={className}>
      <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5z" />
    </BrandIcon>
  );
}

export function TikTokIcon({ className }: IconProps) {
  return (
    <BrandIcon className={className}>
      <path d="M16 3c.4 2.3 1.9 3.8 4 4v3.2a7.6 7.6 0 0 1-4-1.2V15a6 6 0 1 1-6-6c.3 0 .7 0 1 .1v3.3a2.8 2.8 0 1 0 1.8 2.6V3z" />
    </BrandIcon>
  );
}
