import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useWatch, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import { useFieldError, type Bound } from './field';
import { useKeptField } from './kept-field';
import { describedBy, fieldAria, FieldNote } from '../ui/field';

const BOX = 'h-5 w-5 shrink-0 accent-navy';
const LEGEND = 'mb-1 text-sm font-semibold';

type CheckboxProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'form' | 'name' | 'type' | 'ref' | 'children'
> & { label: ReactNode; hint?: ReactNode };

/** A yes-or-no field: a labelled checkbox registered with the form (a boolean). */
export function FormCheckboxField<T extends FieldValues, C = unknown>({
  form,
  name,
  error,
  label,
  hint,
  id,
  className = '',
  ...props
}: Bound<T, C> & CheckboxProps) {
  const generated = useId();
  const boxId = id ?? generated;
  const formMessage = useFieldError(form, name);
  const message = error ?? formMessage;
  return (
    <div className={className}>
      <label htmlFor={boxId} className="inline-flex min-h-11 items-center gap-2">
        <input
          id={boxId}
          type="checkbox"
          className={BOX}
          {...fieldAria(boxId, hint, message)}
          {...props}
          {...form.register(name)}
        />
        {label}
      </label>
      <FieldNote id={`${boxId}-hint`}>{hint}</FieldNote>
      <FieldNote id={`${boxId}-error`} error>
        {message}
      </FieldNote>
    </div>
  );
}

export interface Choice {
  value: string;
  label: ReactNode;
}

/**
 * Several choices of one list field (an array of values, e.g. the ids of the
 * chosen units): a group of checkboxes under a legend; `extra` shows beside a
 * chosen one (its price, say). Several groups may share one field, each with
 * its own choices; `showError` on one of them.
 */
export function FormCheckboxList<T extends FieldValues, C = unknown>({
  form,
  name,
  error,
  legend,
  choices,
  extra,
  onToggle,
  showError = true,
  listClassName = 'space-y-2',
  className = '',
}: Bound<T, C> & {
  legend: ReactNode;
  choices: readonly Choice[];
  extra?: (value: string) => ReactNode;
  /** After a choice is taken or left (to fill in its price, say). */
  onToggle?: (value: string, on: boolean) => void;
  showError?: boolean;
  listClassName?: string;
  className?: string;
}) {
  const id = useId();
  const { element, set } = useKeptField(form, name);
  const value: unknown = useWatch({ control: form.control, name });
  const formMessage = useFieldError(form, name);
  const message = showError ? (error ?? formMessage) : undefined;
  const chosen: readonly string[] = Array.isArray(value) ? (value as string[]) : [];
  const toggle = (choice: string, on: boolean) => {
    set(
      (on ? [...chosen, choice] : chosen.filter((other) => other !== choice)) as PathValue<
        T,
        Path<T>
      >,
    );
    onToggle?.(choice, on);
  };
  return (
    <fieldset className={className} aria-describedby={describedBy(message && `${id}-error`)}>
      <legend className={LEGEND}>{legend}</legend>
      <ul className={listClassName}>
        {choices.map((choice, index) => {
          const on = chosen.includes(choice.value);
          return (
            <li key={choice.value} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <label className="flex min-h-11 items-center gap-2">
                <input
                  ref={index === 0 ? element : undefined}
                  type="checkbox"
                  className={BOX}
                  checked={on}
                  onChange={(event) => toggle(choice.value, event.target.checked)}
                />
                <span>{choice.label}</span>
              </label>
              {on && extra?.(choice.value)}
            </li>
          );
        })}
      </ul>
      <FieldNote id={`${id}-error`} error>
        {message}
      </FieldNote>
    </fieldset>
  );
}

/** One of a few choices: radio buttons under a legend, registered with the form. */
export function FormRadioGroup<T extends FieldValues, C = unknown>({
  form,
  name,
  error,
  legend,
  choices,
  className = '',
}: Bound<T, C> & { legend: ReactNode; choices: readonly Choice[]; className?: string }) {
  const id = useId();
  const formMessage = useFieldError(form, name);
  const message = error ?? formMessage;
  return (
    <fieldset className={className} aria-describedby={describedBy(message && `${id}-error`)}>
      <legend className={LEGEND}>{legend}</legend>
      <div className="flex flex-wrap gap-4">
        {choices.map((choice) => (
          <label key={choice.value} className="flex min-h-11 items-center gap-2">
            <input type="radio" className={BOX} value={choice.value} {...form.register(name)} />
            {choice.label}
          </label>
        ))}
      </div>
      <FieldNote id={`${id}-error`} error>
        {message}
      </FieldNote>
    </fieldset>
  );
}
