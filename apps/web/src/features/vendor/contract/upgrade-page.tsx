import { COMMISSION_MODELS } from '@housnkuh/shared/catalog';
import { formatEuro, formatEuroChange, formatIsoDay } from '@housnkuh/shared/format';
import type { ContractAnswer } from '@housnkuh/shared/schemas/admin-rental';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteSettings } from '../../../lib/site-settings';
import { useContracts, useModelPreview, useSwitchModel } from '../../../lib/vendor-area/contracts';
import { vendorErrorMessage } from '../../../lib/vendor-area/profile';
import { BackToDashboard } from '../../../components/vendor-area/back-to-dashboard';

type Model = 'basic' | 'premium';

function ModelSwitch({ contract }: { contract: ContractAnswer }) {
  // a model switch already planned (other planned changes, e.g. units, do not count)
  const planned =
    contract.nextChange && contract.nextChange.provisionType !== contract.provisionType
      ? contract.nextChange.provisionType
      : undefined;
  const current = (contract.nextChange?.provisionType ?? contract.provisionType) as Model;
  const target: Model = current === 'premium' ? 'basic' : 'premium';
  const [confirming, setConfirming] = useState(false);
  const preview = useModelPreview(contract.id, target, !planned);
  const switchModel = useSwitchModel(contract.id);
  const from = COMMISSION_MODELS.find((m) => m.id === contract.provisionType)!;
  const to = COMMISSION_MODELS.find((m) => m.id === target)!;
  return (
    <article aria-labelledby={`model-${contract.id}`} className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id={`model-${contract.id}`} className="text-lg font-bold">
        Vertrag {contract.number ?? ''}
      </h2>
      <p className="mt-1">
        Jetzt: <span className="font-semibold">{from.name}</span> ({from.rate} % Provision),{' '}
        {formatEuro(contract.monthlyPriceCents)} im Monat
      </p>
      {switchModel.isSuccess ? (
        <div className="mt-3">
          <Alert tone="success" focusOnShow>
            <p>{switchModel.data.message}</p>
          </Alert>
        </div>
      ) : planned ? (
        <p className="mt-3 rounded-lg bg-sand p-3">
          Ab dem {formatIsoDay(contract.nextChange!.validFrom)} ist schon ein Wechsel zum{' '}
          {planned === 'premium' ? 'Premium-Modell' : 'Basismodell'} geplant (
          {formatEuro(contract.nextChange!.monthlyPriceCents)} im Monat).
        </p>
      ) : preview.isPending ? (
        <p className="mt-3" role="status">
          Wird berechnet …
        </p>
      ) : preview.isError ? (
        <p className="mt-3">{vendorErrorMessage(preview.error)}</p>
      ) : (
        <div className="mt-4 space-y-3">
          <h3 className="font-bold">
            Wechsel zum {to.name} ({to.rate} % Provision) ab dem{' '}
            {formatIsoDay(preview.data.validFrom)}
          </h3>
          <ul className="space-y-1">
            {to.benefits.map((benefit) => (
              <li key={benefit} className="flex items-start gap-2">
                <Check aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 text-moss" />
                {benefit}
              </li>
            ))}
          </ul>
          <p>
            Miete danach:{' '}
            <span className="font-semibold">{formatEuro(preview.data.monthlyPriceCents)}</span> im
            Monat (
            {formatEuroChange(
              preview.data.monthlyPriceCents - preview.data.currentMonthlyPriceCents,
            )}
            ). Die Provision auf deine Verkäufe ändert sich von {from.rate} % auf {to.rate} % (zzgl.
            19 % USt.).
          </p>
          {preview.data.droppedServices.length > 0 && (
            <p>
              Im Basismodell gibt es keine Zusatzleistungen:{' '}
              {preview.data.droppedServices.join(' und ')}{' '}
              {preview.data.droppedServices.length === 1 ? 'endet' : 'enden'} mit dem Wechsel.
            </p>
          )}
          {!confirming ? (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Zum {to.name} wechseln …
            </Button>
          ) : (
            <div className="space-y-3 rounded-lg bg-sand p-4">
              <p className="font-semibold">
                Ab dem {formatIsoDay(preview.data.validFrom)} zum {to.name} wechseln?
              </p>
              {switchModel.isError && (
                <Alert tone="error" focusOnShow>
                  <p>{vendorErrorMessage(switchModel.error)}</p>
                </Alert>
              )}
              <div className="flex flex-wrap gap-3">
                <Button disabled={switchModel.isPending} onClick={() => switchModel.mutate(target)}>
                  {switchModel.isPending ? 'Wird gespeichert...' : `Ja, zum ${to.name} wechseln`}
                </Button>
                <Button variant="secondary" onClick={() => setConfirming(false)}>
                  Abbrechen
                </Button>
              </div>
            </div>
          )}
        </div>
      )}
    </article>
  );
}

/** /vendor/upgrade: a contract from Basismodell to Premium-Modell or back, from next month. */
export function UpgradePage() {
  const settings = useSiteSettings();
  usePageMeta(
    'Modell wechseln',
    `Dein Provisionsmodell bei ${settings.shopName} wechseln.`,
    settings.shopName,
  );
  const contracts = useContracts();
  const running =
    contracts.data?.contracts.filter(
      (contract) => contract.phase !== 'ended' && !contract.endDate,
    ) ?? [];
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <BackToDashboard />
      <h1 className="text-3xl font-extrabold">Modell wechseln</h1>
      <p className="mt-2 text-gray-800">
        Du kannst zwischen Basismodell (4 % Provision) und Premium-Modell (7 % Provision) wechseln.
        Der Wechsel gilt ab dem Ersten des nächsten Monats; Mietfächer und Laufzeit bleiben, wie sie
        sind.
      </p>
      {contracts.isPending && (
        <p className="mt-6" role="status">
          Verträge werden geladen …
        </p>
      )}
      {contracts.isError && (
        <div className="mt-6">
          <LoadError
            title="Deine Verträge konnten nicht geladen werden."
            onRetry={() => void contracts.refetch()}
          />
        </div>
      )}
      {contracts.data &&
        (running.length === 0 ? (
          <p className="mt-6">
            Du hast keinen laufenden Vertrag, dessen Modell du wechseln kannst.
          </p>
        ) : (
          <div className="mt-6 space-y-4">
            {running.map((contract) => (
              <ModelSwitch key={contract.id} contract={contract} />
            ))}
          </div>
        ))}
    </div>
  );
}
