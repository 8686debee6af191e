import {
  REMOVAL_ROW_LABELS,
  type RetainedVendor,
  type VendorRemoval,
} from '@housnkuh/shared/schemas/deletion';
import { formatDate, formatDateTime, formatIsoDay } from '@housnkuh/shared/format';
import { useState } from 'react';
import { ConfirmBox } from '../../../components/admin/confirm-box';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { useRemoveRetained, useRetention } from './api/retention';

function RetainedEntry({
  vendor,
  remove,
}: {
  vendor: RetainedVendor;
  /** Owned by the list, which stays when the removed entry goes. */
  remove: ReturnType<typeof useRemoveRetained>;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="p-4">
      <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words">{vendor.label}</p>
          <p className="text-sm text-gray-800">
            Gelöscht am {formatDate(vendor.deletedAt)}, aufbewahrt bis{' '}
            {formatIsoDay(vendor.retainedUntil)} · {vendor.documents}{' '}
            {vendor.documents === 1 ? 'Beleg' : 'Belege'}
          </p>
        </div>
        {vendor.due ? (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Aufbewahrte Daten entfernen
          </Button>
        ) : (
          <span className="rounded-full bg-sand px-3 py-1 text-sm font-semibold text-gray-900">
            Gesperrt bis {formatIsoDay(vendor.retainedUntil)}
          </span>
        )}
      </div>
      {confirming && (
        <ConfirmBox
          confirmLabel="Ja, endgültig entfernen"
          busy={remove.isPending}
          error={remove.variables === vendor.id ? remove.error : null}
          onConfirm={() => remove.mutate(vendor.id)}
          onCancel={() => setConfirming(false)}
        >
          Die Aufbewahrungsfrist von {vendor.label} ist abgelaufen. Entfernt werden die Belege, die
          Verkäufe, Abrechnungen, Auszahlungen und Verträge und der Rest des Kontos; das lässt sich
          nicht rückgängig machen. Prüfe vorher, dass keine Betriebsprüfung sie noch braucht.
        </ConfirmBox>
      )}
    </li>
  );
}

function rowsText(rows: VendorRemoval['rows']) {
  return Object.entries(rows)
    .filter(([, n]) => n > 0)
    .map(([key, n]) => `${n} ${REMOVAL_ROW_LABELS[key] ?? key}`)
    .join(', ');
}

/**
 * "Gelöschte Konten" (docs/decisions/0092): the producers who deleted their accounts, kept locked
 * until the retention's end, the removal once it has passed, and what was removed when.
 */
export function DeletedVendorsList() {
  const retention = useRetention();
  const remove = useRemoveRetained();
  return (
    <section aria-labelledby="deleted-heading" className="space-y-6">
      <div>
        <h2 id="deleted-heading" className="text-xl font-bold">
          Gelöschte Konten
        </h2>
        <p className="mt-1 text-gray-800">
          Direktvermarkter, die ihr Konto gelöscht haben. Ihre Belege und die Verkäufe dazu bleiben
          nach dem Steuerrecht bis zum Ende der Frist gesperrt aufbewahrt; danach entfernst du sie
          hier (nie automatisch).
        </p>
      </div>
      {remove.isSuccess && (
        <Alert tone="success" focusOnShow>
          <p>{remove.data.message}</p>
        </Alert>
      )}
      {retention.isPending && <p role="status">Wird geladen …</p>}
      {retention.isError && (
        <LoadError
          title="Die gelöschten Konten konnten nicht geladen werden."
          onRetry={() => void retention.refetch()}
        />
      )}
      {retention.data && (
        <>
          {retention.data.retained.length === 0 ? (
            <p>Keine gelöschten Konten mit aufbewahrten Daten.</p>
          ) : (
            <ul aria-label="Aufbewahrt" className="divide-y divide-gray-200 rounded-xl bg-white">
              {retention.data.retained.map((vendor) => (
                <RetainedEntry key={vendor.id} vendor={vendor} remove={remove} />
              ))}
            </ul>
          )}
          <div>
            <h3 className="text-lg font-bold">Entfernt</h3>
            {retention.data.removals.length === 0 ? (
              <p className="mt-1">Noch nichts entfernt.</p>
            ) : (
              <ul aria-label="Entfernt" className="mt-2 space-y-1">
                {retention.data.removals.map((removal) => (
                  <li key={removal.id} className="text-gray-800">
                    {formatDateTime(removal.removedAt)}:{' '}
                    {removal.kind === 'immediate'
                      ? 'Konto ohne Aufbewahrung gelöscht'
                      : `nach Ablauf der Frist (${formatIsoDay(removal.retainedUntil ?? '')}) entfernt`}{' '}
                    ({rowsText(removal.rows)}), von {removal.removedBy}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </section>
  );
}
