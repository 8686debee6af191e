import { CircleAlert, CircleCheck } from 'lucide-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';

/** A message box that screen readers announce: success or error. */
export function Alert({
  tone,
  title,
  children,
  id,
  focusOnShow = false,
}: {
  tone: 'success' | 'error';
  title?: string;
  children?: ReactNode;
  id?: string;
  /** Moves focus (and the view) to the message when it appears, e.g. after sending a form. */
  focusOnShow?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Focus in the same commit that shows the box: with a passive effect the box
  // is on screen (and found by a reader) a moment before it holds the focus.
  useLayoutEffect(() => {
    if (focusOnShow) ref.current?.focus();
  }, [focusOnShow]);
  const styles =
    tone === 'success'
      ? 'border-moss bg-green-50 text-green-900'
      : 'border-coral-dark bg-red-50 text-red-900';
  const Icon = tone === 'success' ? CircleCheck : CircleAlert;
  return (
    <div
      ref={ref}
      id={id}
      tabIndex={focusOnShow ? -1 : undefined}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex gap-3 rounded-lg border-l-4 p-4 ${styles}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <div className="min-w-0">
        {title && <p className="font-semibold">{title}</p>}
        {children}
      </div>
    </div>
  );
}
