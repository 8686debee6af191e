import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';

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
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-semibold">
        {label}
        {optional && <span className="font-normal text-gray-600"> (optional)</span>}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`w-full rounded-lg border bg-white px-3 py-2.5 text-base text-navy placeholder:text-gray-500 ${
          error ? 'border-red-700' : 'border-gray-400'
        }`}
        {...props}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
});

/** 5000 → '5.000', as German counts are written. */
function groupThousands(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  optional?: boolean;
  /** Shows 'n / max Zeichen' under the field; give the field the same maxLength. */
  counter?: { length: number; max: number };
}

/** A labelled multi-line field with its error message tied to it. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextAreaField(
  { label, error, optional, counter, id, className = '', rows = 6, ...props },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const counterId = `${inputId}-counter`;
  // the error first: it matters more than the count
  const describedBy = [error ? errorId : null, counter ? counterId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-semibold">
        {label}
        {optional && <span className="font-normal text-gray-600"> (optional)</span>}
      </label>
      <textarea
        ref={ref}
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`w-full rounded-lg border bg-white px-3 py-2.5 text-base text-navy ${
          error ? 'border-red-700' : 'border-gray-400'
        }`}
        {...props}
      />
      {counter && (
        <p
          id={counterId}
          className={`mt-1 text-right text-sm ${counter.length > counter.max ? 'font-semibold text-red-800' : 'text-gray-700'}`}
        >
          {groupThousands(counter.length)} / {groupThousands(counter.max)} Zeichen
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
});
