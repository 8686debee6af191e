/** The shop's mark: a small house with a cow's face, and the name. */
export function LogoMark({ className = 'h-9 w-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#09122c" />
      <path d="M14 30 32 16l18 14v18a2 2 0 0 1-2 2H16a2 2 0 0 1-2-2z" fill="#f4ece0" />
      <circle cx="26" cy="36" r="2.5" fill="#09122c" />
      <circle cx="38" cy="36" r="2.5" fill="#09122c" />
      <ellipse cx="32" cy="44" rx="7" ry="4" fill="#e58c7c" />
    </svg>
  );
}
