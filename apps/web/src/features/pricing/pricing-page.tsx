import { formatEuro } from '@housnkuh/shared/format';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { PageHeader } from '../../components/ui/page-header';
import { Button } from '../../components/ui/button';
import { usePageMeta } from '../../lib/page-meta';
import { useSiteSettings } from '../../lib/site-settings';
import { useVendorSession } from '../../lib/vendor-session';
import { AreaPicker } from './components/area-picker';
import { CommissionChoice } from './components/commission-choice';
import { DurationChoice } from './components/duration-choice';
import { ExtraServices } from './components/extra-services';
import { PackageSummary } from './components/package-summary';
import { PriceBreakdown } from './components/price-breakdown';
import { useConfigurator } from './use-configurator';

const RegistrationModal = lazy(async () => ({
  default: (await import('./components/registration-modal')).RegistrationModal,
}));
const AdditionalBookingDialog = lazy(async () => ({
  default: (await import('./components/additional-booking-dialog')).AdditionalBookingDialog,
}));

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`step-${number}`} className="rounded-xl bg-white/60 p-1">
      <h2 id={`step-${number}`} className="mb-4 flex items-center gap-3 text-2xl font-bold">
        <span
          aria-hidden="true"
          className="flex h-9 w-9 items-center justify-center rounded-full bg-coral-dark text-lg text-white"
        >
          {number}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /pricing: the package configurator (spec §2), title 'Verkaufsfläche mieten'. */
export function PricingPage() {
  const settings = useSiteSettings();
  usePageMeta(
    'Verkaufsfläche mieten',
    `Stell dir dein Paket bei ${settings.shopName} in Kronach zusammen: Regalfächer, Kühlung, Tische und Schaufenster, 4 % oder 7 % Provision, der erste Monat kostenlos.`,
    settings.shopName,
  );
  const configurator = useConfigurator();
  const session = useVendorSession();
  const vendor = session.isAuthenticated && session.user ? session.user : null;
  const [dialog, setDialog] = useState<'none' | 'registration' | 'booking'>('none');
  const { price, hasArea } = configurator;

  return (
    <>
      <PageHeader title="Verkaufsfläche mieten" eyebrow="Für Direktvermarkter">
        <p>
          Stell dir dein Paket zusammen: Provisionsmodell, Verkaufsflächen, Zusatzleistungen und
          Mietdauer. Der erste Monat ist kostenlos, Zahlungsdaten brauchst du nicht.
        </p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-12">
          <Step number={1} title="Provisionsmodell wählen">
            <CommissionChoice
              value={configurator.provisionType}
              onChange={configurator.setProvisionType}
            />
          </Step>
          <Step number={2} title="Verkaufsflächen wählen">
            <AreaPicker
              counts={configurator.counts}
              onIncrement={configurator.increment}
              onDecrement={configurator.decrement}
            />
            <h3 className="mt-8 mb-3 text-lg font-bold">Zusatzleistungen</h3>
            <ExtraServices
              premium={configurator.provisionType === 'premium'}
              value={configurator.services}
              onToggle={configurator.toggleService}
            />
          </Step>
          <Step number={3} title="Mietdauer wählen">
            <DurationChoice
              value={configurator.rentalDuration}
              onChange={configurator.setRentalDuration}
            />
          </Step>
        </div>

        <aside aria-labelledby="summary-title" className="lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-xl bg-white p-5 shadow-md">
            <h2 id="summary-title" className="mb-3 flex items-center gap-3 text-2xl font-bold">
              <span
                aria-hidden="true"
                className="flex h-9 w-9 items-center justify-center rounded-full bg-coral-dark text-lg text-white"
              >
                4
              </span>
              Zusammenfassung
            </h2>
            {hasArea ? (
              <PackageSummary configurator={configurator} />
            ) : (
              <p className="text-gray-800">Noch keine Verkaufsfläche gewählt.</p>
            )}
            <div className="mt-4" aria-live="polite">
              <PriceBreakdown price={price} months={configurator.rentalDuration} />
            </div>
            <p className="mt-3 text-sm text-gray-700">
              Dazu {configurator.model.rate} % Provision auf deine Verkäufe, zzgl. 19 % MwSt. auf
              die Provision. Beispiel: Verkaufst du im Monat für {formatEuro(price.monthlyTotal)},
              sind das {formatEuro(price.provision.monthlyAmount)} Provision.
            </p>
            <p className="mt-2 text-sm font-semibold text-moss">
              Der erste Monat ist kostenlos (Probemonat).
            </p>
            <Button
              className="mt-5 w-full"
              disabled={!hasArea}
              onClick={() => setDialog(vendor ? 'booking' : 'registration')}
            >
              {vendor ? 'Zusätzliche Fläche buchen' : 'Paket buchen'}
            </Button>
            {!hasArea && (
              <p className="mt-2 text-center text-sm text-gray-700">
                Wähle mindestens eine Verkaufsfläche aus.
              </p>
            )}
          </div>
        </aside>
      </div>

      <Suspense fallback={null}>
        {dialog === 'registration' && (
          <RegistrationModal
            configurator={configurator}
            onClose={() => setDialog('none')}
            onLoggedIn={() => setDialog('booking')}
          />
        )}
        {dialog === 'booking' && vendor && (
          <AdditionalBookingDialog configurator={configurator} onClose={() => setDialog('none')} />
        )}
      </Suspense>
    </>
  );
}
