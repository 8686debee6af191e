import { TRIAL_DAYS } from '@housnkuh/shared/catalog';
import { formatEuro } from '@housnkuh/shared/format';
import {
  PRICE_ON_REQUEST_LABEL,
  onRequestNote,
  onlyPricedOnRequest,
} from '@housnkuh/shared/pricing';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { Button } from '../../../components/ui/button';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteSettings } from '../../../lib/site-settings';
import { useStoredVendorSession } from '../../../lib/vendor-token';
import { AreaPicker } from './components/area-picker';
import { CommissionChoice } from './components/commission-choice';
import { CommissionExample } from './components/commission-example';
import { DurationChoice } from './components/duration-choice';
import { ExtraServices } from './components/extra-services';
import { PackageSummary } from './components/package-summary';
import { PriceBreakdown } from './components/price-breakdown';
import { WaitlistNote } from './components/waitlist-note';
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
  const vendor = useStoredVendorSession()?.user ?? null;
  const [dialog, setDialog] = useState<'none' | 'registration' | 'booking'>('none');
  const { price, hasArea, items } = configurator;
  const onRequestOnly = onlyPricedOnRequest(items) && price.monthlyTotal === 0;
  const monthly = onRequestOnly
    ? PRICE_ON_REQUEST_LABEL
    : `${formatEuro(price.monthlyTotal)} / Monat`;
  const note = onRequestOnly ? undefined : onRequestNote(items);
  const termPrice = hasArea
    ? `${monthly}${note ? ` ${note}` : ''}`
    : 'der Monatspreis deines Pakets';
  const bookLabel = vendor ? 'Zusätzliche Fläche buchen' : 'Paket buchen';
  const book = () => setDialog(vendor ? 'booking' : 'registration');

  return (
    <>
      <PageHeader title="Verkaufsfläche mieten" eyebrow="Für Direktvermarkter">
        <p>
          Stell dir dein Paket zusammen: Provisionsmodell, Verkaufsflächen, Zusatzleistungen und
          Mietdauer. Der erste Monat ist kostenlos, Zahlungsdaten brauchst du nicht.
        </p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 pt-12 pb-8 lg:grid-cols-[1fr_22rem] lg:pb-12">
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
              <>
                <PackageSummary configurator={configurator} />
                <WaitlistNote counts={configurator.counts} className="mt-3" />
              </>
            ) : (
              <p className="text-gray-800">Noch keine Verkaufsfläche gewählt.</p>
            )}
            <div className="mt-4" aria-live="polite">
              <PriceBreakdown price={price} months={configurator.rentalDuration} items={items} />
            </div>
            <h3 className="mt-4 font-bold">So läuft deine Miete</h3>
            <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-gray-900">
              <li>
                <span className="font-semibold">Zuerst der Probemonat:</span> {TRIAL_DAYS} Tage ohne
                Miete, es fällt nur die Provision auf deine Verkäufe an.
              </li>
              <li>
                <span className="font-semibold">
                  Danach {configurator.rentalDuration} Monate Mietdauer:
                </span>{' '}
                {termPrice}.
              </li>
            </ol>
            <CommissionExample rate={configurator.model.rate} />
            <Button className="mt-5 w-full" disabled={!hasArea} onClick={book}>
              {bookLabel}
            </Button>
            {!hasArea && (
              <p className="mt-2 text-center text-sm text-gray-700">
                Wähle mindestens eine Verkaufsfläche aus.
              </p>
            )}
          </div>
        </aside>
      </div>
      {/*
        Phones and tablets: the total and the button stay at the bottom of the
        screen while the configurator scrolls (sticky, so it takes its own room
        at the end and covers nothing for good; styles.css keeps focused fields
        above it).
      */}
      <div
        role="region"
        aria-label="Paketübersicht"
        data-summary-bar=""
        className="sticky bottom-0 z-30 border-t border-sand bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur lg:hidden"
      >
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3">
          <p className="min-w-0">
            <span className="block text-sm text-gray-700">Monatlich gesamt</span>
            <span className="block font-bold whitespace-nowrap tabular-nums">
              {hasArea ? monthly : 'Noch keine Fläche gewählt'}
            </span>
          </p>
          <Button className="shrink-0" disabled={!hasArea} onClick={book}>
            {bookLabel}
          </Button>
        </div>
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
