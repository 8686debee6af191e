// The German names of the months, and how a month 'YYYY-MM' reads ('Oktober 2026').

export const GERMAN_MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
] as const;

/** '2026-10' → 'Oktober 2026' */
export function formatMonth(month: string): string {
  return `${GERMAN_MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}
