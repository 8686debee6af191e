import { ERRORS } from '@housnkuh/shared/messages';
import { shopPhase, trialStartText } from '@housnkuh/shared/shop-phase';
import type { VendorConfirmResponse } from '@housnkuh/shared/schemas/vendor';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { usePageMeta } from '../../../lib/page-meta';
import { telHref, useSiteSettings } from '../../../lib/site-settings';
import {
  confirmAccountErrorMessage,
  confirmAccountSuccessMessage,
  isExpiredLink,
  useConfirmAccount,
} from './api/confirm-account';
import { PackageSummary } from './components/package-summary';
import { ResendConfirmationForm } from './components/resend-confirmation-form';

type ConfirmedVendor = NonNullable<VendorConfirmResponse['vendor']>;

/** /vendor/confirm?token=…: the link from the registration mail. */
export function VendorConfirmPage() {
  const settings = useSiteSettings();
  usePageMeta(
    'Account bestätigen',
    `Bestätige deine E-Mail-Adresse als Direktvermarkter bei ${settings.shopName} in Kronach und sieh dir dein gebuchtes Paket und die nächsten Schritte an.`,
    settings.shopName,
  );
  const [params] = useSearchParams();
  const token = params.get('token');
  const query = useConfirmAccount(token);

  let content;
  if (!token) {
    content = <Failure message={ERRORS.confirmNoToken} />;
  } else if (query.isPending) {
    content = (
      <div role="status" className="flex flex-col items-center gap-4 py-8 text-center">
        <LoaderCircle aria-hidden="true" className="h-12 w-12 animate-spin text-coral-dark" />
        <p className="text-lg">Dein Account wird bestätigt …</p>
      </div>
    );
  } else if (query.isError) {
    content = (
      <Failure
        message={confirmAccountErrorMessage(query.error)}
        expired={isExpiredLink(query.error)}
        settings={settings}
      />
    );
  } else if (!query.data.vendor) {
    // the link was used before: no personal data again, only the way on
    content = <AlreadyConfirmed message={confirmAccountSuccessMessage(query.data.message)} />;
  } else {
    content = (
      <Success
        message={confirmAccountSuccessMessage(query.data.message)}
        vendor={query.data.vendor}
        settings={settings}
      />
    );
  }

  return <div className="bg-sand px-4 py-12 md:py-16">{content}</div>;
}

function trialText(contract: ConfirmedVendor['contractData']): string {
  return trialStartText(shopPhase(contract.openingDate), contract.trialDays);
}

/** The buttons under a confirmation: 'Anmelden' leads to the vendor login
 * (docs/product/brand-and-settings.md). */
function WayOn() {
  return (
    <div className="flex flex-wrap justify-center gap-3">
      <ButtonLink to="/vendor/login">Anmelden</ButtonLink>
      <ButtonLink to="/" variant="secondary">
        Zur Startseite
      </ButtonLink>
    </div>
  );
}

function AlreadyConfirmed({ message }: { message: string }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-6 text-center">
      <div role="status" className="flex flex-col items-center gap-4">
        <CircleCheck aria-hidden="true" className="h-14 w-14 text-moss" />
        <h1 className="text-3xl font-bold sm:text-4xl">{message}</h1>
      </div>
      <WayOn />
    </div>
  );
}

function Success({
  message,
  vendor,
  settings,
}: {
  message: string;
  vendor: ConfirmedVendor;
  settings: SiteSettings;
}) {
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <div role="status" className="flex flex-col items-center gap-4 text-center">
        <CircleCheck aria-hidden="true" className="h-14 w-14 text-moss" />
        <h1 className="text-3xl font-bold sm:text-4xl">{message}</h1>
        <p className="max-w-xl text-lg text-gray-800">
          Hallo {vendor.name}, deine E-Mail-Adresse <strong>{vendor.email}</strong> ist bestätigt.
          Willkommen bei {settings.shopName}!
        </p>
      </div>

      {vendor.packageData ? (
        <PackageSummary pkg={vendor.packageData} />
      ) : (
        <p className="rounded-xl bg-white p-6 shadow-sm">
          Zu deinem Account liegt noch keine Buchung vor. Im Login-Bereich kannst du jederzeit
          Verkaufsfläche buchen.
        </p>
      )}

      <section aria-labelledby="next-steps-title" className="rounded-xl bg-white p-6 shadow-sm">
        <h2 id="next-steps-title" className="mb-4 text-2xl font-bold">
          So geht es weiter
        </h2>
        <ol className="list-decimal space-y-2 pl-5 text-gray-800">
          <li>
            Dein Account ist aktiv – du kannst dich ab sofort im{' '}
            <Link
              to="/vendor/login"
              className="font-semibold text-coral-darker underline underline-offset-2"
            >
              Login für Direktvermarkter
            </Link>{' '}
            anmelden.
          </li>
          <li>Wir melden uns innerhalb von 2 Werktagen bei dir.</li>
          <li>Wir suchen ein passendes freies Mietfach für dich.</li>
          <li>
            {trialText(vendor.contractData)} Die Provision auf deine Verkäufe fällt auch im
            Probemonat an.
          </li>
        </ol>
      </section>

      <WayOn />
    </div>
  );
}

function Failure({
  message,
  expired = false,
  settings,
}: {
  message: string;
  expired?: boolean;
  settings?: SiteSettings;
}) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-6 text-center">
      <div role="alert" className="flex flex-col items-center gap-4">
        <CircleAlert aria-hidden="true" className="h-14 w-14 text-coral-dark" />
        <h1 className="text-3xl font-bold">Bestätigung fehlgeschlagen</h1>
        <p className="max-w-md text-lg text-gray-800">{message}</p>
      </div>
      {expired && settings && (
        <>
          <p className="max-w-md text-gray-800">
            Der Bestätigungslink ist nur 24 Stunden gültig. Fordere unten einen neuen an oder wende
            dich direkt an uns: telefonisch unter{' '}
            <a
              href={telHref(settings.phone)}
              className="font-semibold whitespace-nowrap underline underline-offset-2"
            >
              {settings.phone}
            </a>{' '}
            oder per E-Mail an{' '}
            <a
              href={`mailto:${settings.email}`}
              className="font-semibold underline underline-offset-2"
            >
              {settings.email}
            </a>
            .
          </p>
          <ResendConfirmationForm />
        </>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">Zur Startseite</ButtonLink>
        <ButtonLink to="/kontakt" variant="secondary">
          Kontakt
        </ButtonLink>
      </div>
    </div>
  );
}
