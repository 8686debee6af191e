import type { ReactNode } from 'react';
import { Button, SubmitButton } from '../ui/button';

/**
 * A form's buttons: submit (`busyLabel` while sending) and, where the form can be left unsent,
 * a ghost button beside it ("Abbrechen" unless told otherwise).
 */
export function FormButtons({
  busy,
  busyLabel,
  children,
  onCancel,
  cancelLabel = 'Abbrechen',
  className = '',
}: {
  busy: boolean;
  busyLabel: string;
  /** the submit button's label */
  children: ReactNode;
  onCancel?: (() => void) | undefined;
  cancelLabel?: string;
  className?: string;
}) {
  return (
    <div className={`flex flex-wrap gap-2 ${className}`.trim()}>
      <SubmitButton busy={busy} busyLabel={busyLabel}>
        {children}
      </SubmitButton>
      {onCancel && (
        <Button variant="ghost" onClick={onCancel}>
          {cancelLabel}
        </Button>
      )}
    </div>
  );
}
