import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';

/** aria-describedby of the notes that show (undefined when none does). */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

/** A field's label, '(optional)' after it where the field may stay empty. */
export function FieldLabel({
  htmlFor,
  label,
  optional,
}: {
  htmlFor: string;
  label: string;
  optional?: boolean | undefined;
}) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-semibold">
      {label}
      {optional && <span className="font-normal text-gray-600"> (optional)</span>}
    </label>
  );
}

/** A hint or an error message under a field, tied to it by its id (nothing when empty). */
export function FieldNote({
  id,
  error = false,
  children,
}: {
  id: string;
  error?: boolean;
  children: ReactNode;
}) {
  if (!children) return null;
  return (
    <p
      id={id}
      className={error ? 'mt-1 text-sm font-medium text-red-800' : 'mt-1 text-sm text-gray-700'}
    >
      {children}
    </p>
  );
}

/** aria-invalid and aria-describedby of a control with a hint and a message (see FieldFrame). */
export function fieldAria(id: string, hint: ReactNode, error: string | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hint ? `${id}-hint` : null, error && `${id}-error`),
  };
}

/** A single field's frame: its label above the control, its hint and its message below. */
export function FieldFrame({
  id,
  label,
  optional,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  optional?: boolean | undefined;
  hint?: ReactNode;
  error: string | undefined;
  className: string;
  /** the control, with the id and fieldAria(id, hint, error) */
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} optional={optional} />
      {children}
      <FieldNote id={`${id}-hint`}>{hint}</FieldNote>
      <FieldNote id={`${id}-error`} error>
        {error}
      </FieldNote>
    </div>
  );
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
}

/** A labelled input with its error message tied to it (aria-describedby). */
export const TextField = forwardRef<HTMLInputElement, FieldProps>(function TextField(
  { label, error, hint, optional, id, className = '', ...props },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldFrame
      id={inputId}
      label={label}
      optional={optional}
      hint={hint}
      error={error}
      className={className}
    >
      <input
        ref={ref}
        id={inputId}
        {...fieldAria(inputId, hint, error)}
        className={`w-full rounded-lg border bg-white px-3 py-2.5 text-base text-navy placeholder:text-gray-500 ${
          error ? 'border-red-700' : 'border-gray-400'
        }`}
        {...props}
      />
    </FieldFrame>
  );
});

/** 5000 → '5.000', as German counts are written. */
function groupThousands(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  /** Shows 'n / max Zeichen' under the field; give the field the same maxLength. */
  counter?: { length: number; max: number };
}

/** A labelled multi-line field with its error message tied to it. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextAreaField(
  { label, error, hint, optional, counter, id, className = '', rows = 6, ...props },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const counterId = `${inputId}-counter`;
  const hintId = `${inputId}-hint`;
  return (
    <div className={className}>
      <FieldLabel htmlFor={inputId} label={label} optional={optional} />
      <textarea
        ref={ref}
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        // the error first: it matters more than the count
        aria-describedby={describedBy(error && errorId, hint ? hintId : null, counter && counterId)}
        className={`w-full rounded-lg border bg-white px-3 py-2.5 text-base text-navy ${
          error ? 'border-red-700' : 'border-gray-400'
        }`}
        {...props}
      />
      <FieldNote id={hintId}>{hint}</FieldNote>
      {counter && (
        <p
          id={counterId}
          className={`mt-1 text-right text-sm ${counter.length > counter.max ? 'font-semibold text-red-800' : 'text-gray-700'}`}
        >
          {groupThousands(counter.length)} / {groupThousands(counter.max)} Zeichen
        </p>
      )}
      <FieldNote id={errorId} error>
        {error}
      </FieldNote>
    </div>
  );
});
