import { waitlistedNames, waitlistText } from '@housnkuh/shared/availability';
import { Hourglass } from 'lucide-react';
import { useAvailability } from '../api/availability';

/**
 * Says that a request goes on the waiting list when a chosen type has not
 * enough free units now (nothing when all can be given a unit).
 */
export function WaitlistNote({
  counts,
  className = '',
}: {
  counts: Readonly<Record<string, number>>;
  className?: string;
}) {
  const availability = useAvailability();
  const names = waitlistedNames(availability.data, counts);
  if (names.length === 0) return null;
  return (
    <p className={`flex items-start gap-2 rounded-lg bg-sand p-3 text-sm text-navy ${className}`}>
      <Hourglass aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>
        <span className="font-semibold">Warteliste: </span>
        {waitlistText(names)}
      </span>
    </p>
  );
}
