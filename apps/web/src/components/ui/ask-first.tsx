import { useRef, useState } from 'react';
import { FormFailure } from '../form/form-failure';
import { Button } from './button';
import { Modal } from './modal';

/**
 * One yes-or-no question before a form's action (e.g. a start in the past):
 * `ask()` opens the dialog and settles when the admin answers; "Abbrechen"
 * or Escape rejects with `cancelled`, which the form shows as its outcome.
 */
export function useAskFirst({
  question,
  text,
  yesLabel,
  cancelled,
}: {
  question: string;
  text?: string;
  yesLabel: string;
  cancelled: string;
}) {
  const [open, setOpen] = useState(false);
  const answer = useRef<{ resolve: () => void; reject: (error: unknown) => void } | null>(null);

  const ask = () =>
    new Promise<void>((resolve, reject) => {
      answer.current = { resolve, reject };
      setOpen(true);
    });
  const settle = (yes: boolean) => {
    const pending = answer.current;
    answer.current = null;
    setOpen(false);
    if (yes) pending?.resolve();
    else pending?.reject(new FormFailure(cancelled));
  };

  const dialog = open && (
    <Modal title={question} onClose={() => settle(false)} closeLabel="Abbrechen">
      <div className="space-y-4 p-5">
        {text && <p>{text}</p>}
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => settle(true)}>{yesLabel}</Button>
          <Button variant="secondary" onClick={() => settle(false)}>
            Abbrechen
          </Button>
        </div>
      </div>
    </Modal>
  );
  return { ask, dialog };
}
