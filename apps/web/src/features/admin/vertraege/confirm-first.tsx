import { formatIsoDay, isoDayInBerlin } from '@housnkuh/shared/format';
import {
  changePreviewResponseSchema,
  terminationPreviewResponseSchema,
} from '@housnkuh/shared/schemas/admin-rental';
import { useState, type ReactNode } from 'react';
import { FormFailure } from '../../../components/form/form-failure';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { adminErrorMessage, adminRequest } from '../../../lib/admin-api';

/** What the dialog shows: the day, the units freed and the producer's mail. */
interface Preview {
  title: string;
  facts: ReactNode;
  units: string[];
  mail: { to: string; subject: string; text: string } | null;
  confirmLabel: string;
}

/** What the form says when the admin cancels in the dialog. */
export const CANCELLED = 'Abgebrochen: Es wurde nichts eingetragen und keine E-Mail gesendet.';

interface Pending<V> {
  preview: Preview;
  values: V;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * A termination or a change takes effect only after the admin confirmed it:
 * the form's submit asks the server for a preview (nothing saved or sent),
 * a dialog shows it; "Abbrechen" or Escape leaves everything as it was.
 */
export function useConfirmFirst<V, R>(
  toPreview: (values: V) => Promise<Preview>,
  commit: (values: V) => Promise<R>,
) {
  const [pending, setPending] = useState<Pending<V> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: V): Promise<R> => {
    const preview = await toPreview(values);
    setError(null);
    return new Promise<R>((resolve, reject) =>
      setPending({ preview, values, resolve: resolve as (result: unknown) => void, reject }),
    );
  };

  const close = () => {
    if (busy || !pending) return;
    pending.reject(new FormFailure(CANCELLED));
    setPending(null);
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const result = await commit(pending.values);
      pending.resolve(result);
      setPending(null);
    } catch (failure) {
      setError(adminErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const dialog = pending && (
    <Modal title={pending.preview.title} onClose={close} closeLabel="Abbrechen">
      <div className="space-y-4 p-5">
        <div>{pending.preview.facts}</div>
        <p>
          <span className="font-semibold">Frei werdende Mietfächer: </span>
          {pending.preview.units.join(', ') || 'keine'}
        </p>
        {pending.preview.mail ? (
          <section aria-labelledby="preview-mail">
            <h3 id="preview-mail" className="font-bold">
              E-Mail an {pending.preview.mail.to}
            </h3>
            <p className="mt-1 font-semibold">{pending.preview.mail.subject}</p>
            <pre className="mt-2 whitespace-pre-wrap rounded-lg bg-sand p-3 font-sans text-sm">
              {pending.preview.mail.text}
            </pre>
          </section>
        ) : (
          <p>Der Direktvermarkter bekommt keine E-Mail.</p>
        )}
        {error && (
          <Alert tone="error" focusOnShow>
            <p>{error}</p>
          </Alert>
        )}
        <div className="flex flex-wrap gap-3">
          <Button disabled={busy} onClick={() => void confirm()}>
            {busy ? 'Wird eingetragen …' : pending.preview.confirmLabel}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={close}>
            Abbrechen
          </Button>
        </div>
      </div>
    </Modal>
  );
  return { submit, dialog };
}

/** The preview of an ordinary or extraordinary termination. */
export async function terminationPreview(path: string, body: unknown): Promise<Preview> {
  const { preview } = await adminRequest(path, {
    body,
    schema: terminationPreviewResponseSchema,
  });
  return {
    title: preview.storniert ? 'Vertrag stornieren?' : 'Kündigung eintragen?',
    facts: (
      <p className="text-lg font-semibold">
        {preview.endDate
          ? `Der Vertrag endet am ${formatIsoDay(preview.endDate)}; die Mietfächer sind ab dem Tag danach frei.`
          : 'Der Vertrag hat noch nicht begonnen und wird storniert.'}
      </p>
    ),
    units: preview.units,
    mail: preview.mail,
    confirmLabel: preview.endDate
      ? `Ja, zum ${formatIsoDay(preview.endDate)} kündigen und E-Mail senden`
      : 'Ja, stornieren und E-Mail senden',
  };
}

/** The preview of a change from a day on. */
export async function changePreview(path: string, body: unknown): Promise<Preview> {
  const { preview } = await adminRequest(path, { body, schema: changePreviewResponseSchema });
  // a change from a past day is asked as such, in the one dialog
  const past = preview.validFrom < isoDayInBerlin();
  return {
    title: past
      ? 'Die Änderung liegt in der Vergangenheit – trotzdem eintragen?'
      : 'Änderung eintragen?',
    facts: (
      <p className="text-lg font-semibold">
        Die neuen Bedingungen gelten {past ? 'rückwirkend ' : ''}ab dem{' '}
        {formatIsoDay(preview.validFrom)}.
      </p>
    ),
    units: preview.units,
    mail: preview.mail,
    confirmLabel: `Ja, ab ${formatIsoDay(preview.validFrom)} ändern und E-Mail senden`,
  };
}
