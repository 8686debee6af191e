import { useId, type ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { FieldNote } from '../ui/field';
import { FormDateField } from './date-field';
import type { Bound } from './field';

/**
 * A period: its first and its last day (YYYY-MM-DD, the browser's date pickers), a group with
 * its legend, each day registered with the form under its own name. Each day shows its own
 * message (the schema's "Ende vor Beginn" or "höchstens zwei Jahre" lands on the day it names).
 */
export function FormPeriodField<T extends FieldValues, C = unknown>({
  form,
  from,
  to,
  legend,
  hideLegend = false,
  fromLabel = 'Von',
  toLabel = 'Bis',
  min,
  max,
  hint,
  className = '',
}: Pick<Bound<T, C>, 'form'> & {
  /** The names of the first and the last day in the form. */
  from: Path<T>;
  to: Path<T>;
  /** What the period is for ('Zeitraum'), read out with each day's label. */
  legend: string;
  /** The legend for screen readers only, where the section's heading already says it. */
  hideLegend?: boolean;
  fromLabel?: string;
  toLabel?: string;
  min?: string;
  max?: string;
  hint?: ReactNode;
  className?: string;
}) {
  const hintId = `${useId()}-hint`;
  return (
    <fieldset className={`min-w-0 ${className}`} aria-describedby={hint ? hintId : undefined}>
      <legend className={hideLegend ? 'sr-only' : 'mb-1 text-sm font-semibold'}>{legend}</legend>
      <div className="flex flex-wrap items-start gap-3">
        <FormDateField<T, C> form={form} name={from} label={fromLabel} min={min} max={max} />
        <FormDateField<T, C> form={form} name={to} label={toLabel} min={min} max={max} />
      </div>
      <FieldNote id={hintId}>{hint}</FieldNote>
    </fieldset>
  );
}
