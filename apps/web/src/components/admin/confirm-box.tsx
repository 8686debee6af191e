import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { AdminErrorAlert } from './admin-error-text';

/** "Really …?" beside the thing it is about: the question, what went wrong, yes and cancel. */
export function ConfirmBox({
  children,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  error?: unknown;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="mt-3 space-y-2 rounded-lg border-2 border-coral-dark p-3">
      <p>{children}</p>
      <AdminErrorAlert error={error} />
      <div className="flex flex-wrap gap-2">
        <Button disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Abbrechen
        </Button>
      </div>
    </div>
  );
}
