import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const LOOKS = {
  coral: 'gap-1 text-coral-darker',
  plain: 'gap-2',
} as const;

/** The link at the top of a page back to the list (or dashboard) it belongs to, arrow first. */
export function BackLink({
  to,
  look = 'coral',
  children,
}: {
  to: string;
  look?: keyof typeof LOOKS;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      className={`mb-4 inline-flex items-center ${LOOKS[look]} font-semibold underline underline-offset-2`}
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {children}
    </Link>
  );
}
