// What the revenue page's sections share: the month helpers, downloads, the month choice, the
// money tables' cell classes and the state badge.
import { clock } from '@housnkuh/shared/clock';
import { isoDayInBerlin } from '@housnkuh/shared/format';
import { addMonths } from '@housnkuh/shared/rental-terms';
import type { AdminDocument } from '@housnkuh/shared/schemas/documents';
import { formatMonth } from '@housnkuh/shared/months';
import { useId, useState, type ReactNode } from 'react';
import { LabelledSelect } from '../../../components/ui/labelled-select';
import { adminDownload } from '../../../lib/admin-api';

export const monthOf = (day: string) => day.slice(0, 7);
export const today = () => isoDayInBerlin(clock.now());
/** The last full month: the one a settlement is usually made for. */
export const lastFullMonth = () => monthOf(addMonths(`${monthOf(today())}-01`, -1));

export const TYPE_LABELS: Record<AdminDocument['type'], string> = {
  rechnung: 'Rechnung',
  verkaufsabrechnung: 'Verkaufsabrechnung',
  storno: 'Storno',
};

/** A download; what went wrong is the server's German answer (AdminErrorAlert shows it). */
export function useDownload() {
  const [error, setError] = useState<unknown>(null);
  const download = (path: string, filename: string) => {
    setError(null);
    adminDownload(path, filename).catch((failure: unknown) => setError(failure ?? 'Fehler'));
  };
  return { error, download };
}

/** The month to settle: the last 24 months, the last full one first chosen. */
export function MonthChoice({
  month,
  onChange,
}: {
  month: string;
  onChange: (month: string) => void;
}) {
  const id = useId();
  const current = monthOf(today());
  const months = Array.from({ length: 24 }, (_, i) => monthOf(addMonths(`${current}-01`, -i)));
  if (!months.includes(month)) months.push(month);
  return (
    <LabelledSelect
      id={id}
      label="Monat"
      value={month}
      onChange={(event) => onChange(event.target.value)}
      className="rounded-lg border border-gray-400 bg-white px-3 py-2.5"
    >
      {months.map((value) => (
        <option key={value} value={value}>
          {formatMonth(value)}
        </option>
      ))}
    </LabelledSelect>
  );
}

// money tables: one line per row; wider than the screen they scroll with the first column fixed
export const TH = 'px-3 py-2 text-left font-semibold whitespace-nowrap';
export const TD = 'px-3 py-2 align-top whitespace-nowrap';
export const NUM = 'px-3 py-2 text-right align-top tabular-nums whitespace-nowrap';
/** the first column (the row's header) stays in view while the table scrolls sideways */
export const FIRST = 'sticky left-0 z-10 bg-white';

export const BADGE_TONES = {
  done: 'bg-green-100 text-green-950',
  open: 'bg-amber-100 text-amber-950',
  neutral: 'bg-gray-200 text-gray-900',
  blocked: 'bg-red-100 text-red-950',
} as const;

/** A state, shown as a badge (never a button). */
export function Badge({ tone, children }: { tone: keyof typeof BADGE_TONES; children: ReactNode }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${BADGE_TONES[tone]}`}
    >
      {children}
    </span>
  );
}
