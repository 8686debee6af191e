import type { PublicVendor } from '@housnkuh/shared/schemas/directory';
import { joinsText, shopPhase } from '@housnkuh/shared/shop-phase';
import { CalendarClock } from 'lucide-react';

/**
 * "Ab der Eröffnung dabei" (or "Ab dem … dabei") for a listed producer that is
 * not in the shop yet (docs/product/vendor-lifecycle.md); nothing once it is.
 */
export function JoinsBadge({
  vendor,
  openingDate,
  className = '',
}: {
  vendor: Pick<PublicVendor, 'dabeiAb'>;
  openingDate: string | null;
  className?: string;
}) {
  const text = joinsText(shopPhase(openingDate), vendor.dabeiAb);
  if (!text) return null;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full border border-navy bg-sand px-2.5 py-0.5 text-sm font-semibold text-navy ${className}`}
    >
      <CalendarClock aria-hidden="true" className="h-4 w-4" />
      {text}
    </span>
  );
}
