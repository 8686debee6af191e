import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { useAdditionalBooking } from '../api/additional-booking';
import type { Configurator } from '../use-configurator';
import { PackageRecap } from './package-summary';

/** 'Zusätzliche Buchung bestätigen' for a logged-in vendor (spec §2, §8). */
export function AdditionalBookingDialog({
  configurator,
  onClose,
}: {
  configurator: Configurator;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const booking = useAdditionalBooking();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    // answers every failure as a result, never throws
    const result = await booking.mutateAsync(configurator.packageData);
    setBusy(false);
    if (result.success) {
      void navigate('/vendor/dashboard', {
        state: { notice: result.message || 'Zusätzliche Buchung erfolgreich eingereicht!' },
      });
      return;
    }
    if (result.notAuthenticated) {
      // spec §8: not-authenticated is only logged; the dialog closes
      console.warn(result.message);
      onClose();
      return;
    }
    setError(result.message);
  };

  return (
    <Modal
      title="Zusätzliche Buchung bestätigen"
      description="Diese Verkaufsflächen buchst du zusätzlich. Wir melden uns innerhalb von 2 Werktagen mit einem passenden Mietfach."
      onClose={onClose}
      className="max-w-lg"
    >
      <div className="p-6">
        <div className="rounded-lg bg-sand p-4">
          <PackageRecap configurator={configurator} noteClassName="mt-3" />
        </div>
        {error && (
          <div className="mt-4">
            <Alert tone="error" focusOnShow>
              <p>{error}</p>
            </Alert>
          </div>
        )}
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Abbrechen
          </Button>
          <Button onClick={() => void confirm()} disabled={busy}>
            {busy ? 'Wird gebucht...' : 'Buchung bestätigen'}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
