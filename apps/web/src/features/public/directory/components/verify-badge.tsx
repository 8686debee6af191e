import { VERIFY_STATUS_LABELS, type VerifyStatus } from '@housnkuh/shared/catalog';
import { BadgeCheck, CircleDashed, Hourglass } from 'lucide-react';

const STYLES: Record<VerifyStatus, string> = {
  verified: 'border-green-700 bg-green-50 text-green-900',
  pending: 'border-amber-700 bg-amber-50 text-amber-900',
  unverified: 'border-gray-500 bg-gray-100 text-gray-800',
};

const ICONS = { verified: BadgeCheck, pending: Hourglass, unverified: CircleDashed } as const;

/** 'Verifiziert', 'Prüfung läuft' or 'Nicht verifiziert' (spec §4). */
export function VerifyBadge({
  status,
  className = '',
}: {
  status: VerifyStatus;
  className?: string;
}) {
  const Icon = ICONS[status];
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-sm font-semibold ${STYLES[status]} ${className}`}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      {VERIFY_STATUS_LABELS[status]}
    </span>
  );
}
