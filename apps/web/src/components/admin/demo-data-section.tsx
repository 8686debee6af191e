import type { DemoData } from '@housnkuh/shared/schemas/admin-users';
import { useState } from 'react';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { adminErrorMessage } from '../../lib/admin-api';
import { useDemoData, useRemoveDemoData } from './demo-data-api';

function count(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/** What goes, in one sentence (the dialog and the section say the same). */
function whatGoes(data: DemoData) {
  return `${count(data.vendors.length, 'Demo-Direktvermarkter', 'Demo-Direktvermarkter')} mit ${count(data.contracts, 'Vertrag', 'Verträgen')}, ihren Buchungen, Profilen und Bildern`;
}

function ConfirmRemoval({
  data,
  remove,
  onClose,
}: {
  data: DemoData;
  /** Owned by the section, which stays when the removed data takes this dialog away. */
  remove: ReturnType<typeof useRemoveDemoData>;
  onClose: () => void;
}) {
  return (
    <Modal
      title="Demo-Daten entfernen?"
      description="Das lässt sich nicht rückgängig machen."
      onClose={onClose}
    >
      <div className="space-y-3 p-5">
        <p>
          Entfernt werden {whatGoes(data)}.{' '}
          {data.units.length > 0 &&
            `${count(data.units.length, 'Mietfach wird', 'Mietfächer werden')} wieder frei: ${data.units.join(', ')}.`}{' '}
          Echte Direktvermarkter bleiben, wie sie sind.
        </p>
        <details>
          <summary className="cursor-pointer font-semibold">Die Demo-Direktvermarkter</summary>
          <ul className="mt-2 list-disc pl-6">
            {data.vendors.map((vendor) => (
              <li key={vendor}>{vendor}</li>
            ))}
          </ul>
        </details>
        {remove.isError && (
          <Alert tone="error" focusOnShow>
            <p>{adminErrorMessage(remove.error)}</p>
          </Alert>
        )}
        <div className="flex flex-wrap gap-2">
          <Button disabled={remove.isPending} onClick={() => remove.mutate()}>
            Ja, Demo-Daten entfernen
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Abbrechen
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/**
 * "Demo-Daten entfernen" (docs/product/vendor-lifecycle.md): what the demo data
 * is, and removing it after a confirmation. `whilePresent`: shown only while
 * there are demo producers (the dashboard); else it also says when there are none.
 */
export function DemoDataSection({ whilePresent = false }: { whilePresent?: boolean }) {
  const demoData = useDemoData();
  const remove = useRemoveDemoData();
  const [confirming, setConfirming] = useState(false);
  // the answer of the removal, kept by the section: the page reads afresh before it arrives
  const removed = remove.data?.message ?? null;
  const data = demoData.data?.demoData;
  const present = Boolean(data && data.vendors.length > 0);
  if (whilePresent && !present && !removed && !remove.isPending) return null;
  return (
    <section aria-labelledby="demo-data" className="mt-8 rounded-lg border border-sand p-4">
      <h2 id="demo-data" className="text-xl font-bold">
        Demo-Daten
      </h2>
      {removed && (
        <Alert tone="success" focusOnShow>
          <p>{removed}</p>
        </Alert>
      )}
      {demoData.isError && <p role="alert">Die Demo-Daten konnten nicht geladen werden.</p>}
      {data && !present && !removed && (
        <p className="mt-2">Es gibt keine Demo-Daten: Alle Direktvermarkter sind echt.</p>
      )}
      {data && present && (
        <div className="mt-2 space-y-3">
          <p>
            Zum Ausprobieren angelegt: {whatGoes(data)}. Sie sind im Verzeichnis zu sehen und
            belegen {count(data.units.length, 'Mietfach', 'Mietfächer')}. Vor dem Start des Ladens
            entfernst du sie hier in einem Schritt.
          </p>
          {data.blockers.length > 0 ? (
            <p>{data.blockers.join(' ')}</p>
          ) : (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Demo-Daten entfernen
            </Button>
          )}
        </div>
      )}
      {confirming && data && present && !remove.isSuccess && (
        <ConfirmRemoval data={data} remove={remove} onClose={() => setConfirming(false)} />
      )}
    </section>
  );
}
