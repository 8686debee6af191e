import { findPackageOption } from '@housnkuh/shared/catalog';
import { formatEuro, formatIsoDay } from '@housnkuh/shared/format';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { usePageMeta } from '../../../lib/page-meta';
import { offerErrorMessage, useDecideOffer, useOffer } from './api/offer';

const euros = (value: number) => formatEuro(Math.round(value * 100));

/**
 * /warteliste/angebot?token=…: the link in the waiting list's offer mail (docs/decisions/0074).
 * Shows the reserved units and the package; accepting makes the booking request with that
 * package wait for the shop's approval, declining passes the unit on. One click each, so a mail
 * program that opens links ahead decides nothing.
 */
export function WaitlistOfferPage() {
  usePageMeta('Dein Angebot von der Warteliste', 'Ein Mietfach ist frei: Angebot annehmen.');
  const [params] = useSearchParams();
  const token = params.get('token');
  const offer = useOffer(token);
  const accept = useDecideOffer('annehmen');
  const decline = useDecideOffer('ablehnen');
  const busy = accept.isPending || decline.isPending;
  const decided = accept.data ?? decline.data;

  if (decided) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-20 text-center">
        <div role="status" className="flex flex-col items-center gap-4">
          <CircleCheck aria-hidden="true" className="h-14 w-14 text-moss" />
          <h1 className="text-3xl font-bold">
            {accept.data ? 'Angebot angenommen' : 'Angebot abgelehnt'}
          </h1>
          <p className="max-w-md text-lg text-gray-800">{decided.message}</p>
          <ButtonLink to="/">Zur Startseite</ButtonLink>
        </div>
      </section>
    );
  }
  if (!token)
    return (
      <Failure message="Dieser Link ist unvollständig. Bitte nutze den Link aus der E-Mail." />
    );
  if (offer.isPending) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-20 text-center">
        <div role="status" className="flex flex-col items-center gap-4">
          <LoaderCircle aria-hidden="true" className="h-12 w-12 animate-spin text-coral-dark" />
          <p className="text-lg">Dein Angebot wird geladen …</p>
        </div>
      </section>
    );
  }
  if (offer.isError) return <Failure message={offerErrorMessage(offer.error)} />;

  const view = offer.data.offer;
  const pkg = view.packageData;
  const open = view.state === 'open';
  const error = accept.error ?? decline.error;
  return (
    <section className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold">Ein Mietfach ist frei</h1>
      <p className="mt-4 text-lg text-gray-800">
        Hallo {view.name}, für deine Anfrage auf unserer Warteliste halten wir dir{' '}
        {view.units.length === 1 ? 'dieses Mietfach' : 'diese Mietfächer'} frei
        {open ? ` bis einschließlich ${formatIsoDay(view.validUntil)}` : ''}:
      </p>
      <ul className="mt-3 list-inside list-disc text-lg">
        {view.units.map((unit) => (
          <li key={unit.name}>
            {unit.name} ({findPackageOption(unit.optionId)?.displayName ?? unit.optionId})
          </li>
        ))}
      </ul>
      <h2 className="mt-6 text-xl font-semibold">Dein Paket</h2>
      <p className="mt-2">{view.summary}</p>
      <p className="mt-1 text-gray-800">
        {pkg.selectedProvisionType === 'premium' ? 'Premium-Modell (7 %)' : 'Basismodell (4 %)'},{' '}
        {pkg.rentalDuration} Monate, {euros(pkg.totalCost.monthly)} im Monat
        {pkg.discount > 0 && ` (nach ${Math.round(pkg.discount * 100)} % Rabatt)`}
      </p>
      {open ? (
        <>
          <p className="mt-6">
            Nimmst du an, geht deine Buchungsanfrage mit diesem Paket an den Laden; er bestätigt sie
            und schickt dir den Vertrag per E-Mail. Lehnst du ab, geht das Mietfach an die nächste
            Anfrage auf der Warteliste.
          </p>
          {error && (
            <p role="alert" className="mt-4 flex items-center gap-2 text-red-900">
              <CircleAlert aria-hidden="true" className="h-5 w-5 shrink-0" />
              {offerErrorMessage(error)}
            </p>
          )}
          <div className="mt-6 flex flex-wrap gap-3">
            <Button disabled={busy} onClick={() => accept.mutate(token)}>
              {accept.isPending ? 'Wird angenommen...' : 'Angebot annehmen'}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => decline.mutate(token)}>
              {decline.isPending ? 'Wird abgelehnt...' : 'Ablehnen'}
            </Button>
          </div>
        </>
      ) : (
        <p role="status" className="mt-6 text-lg font-semibold">
          {view.state === 'lapsed'
            ? `Dieses Angebot galt bis ${formatIsoDay(view.validUntil)} und ist abgelaufen.`
            : `Dieses Angebot ist ${view.stateLabel}.`}
        </p>
      )}
    </section>
  );
}

function Failure({ message }: { message: string }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <div role="alert" className="flex flex-col items-center gap-4">
        <CircleAlert aria-hidden="true" className="h-14 w-14 text-coral-dark" />
        <h1 className="text-3xl font-bold">Angebot nicht gefunden</h1>
        <p className="max-w-md text-lg text-gray-800">{message}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <ButtonLink to="/pricing">Verkaufsfläche mieten</ButtonLink>
          <ButtonLink to="/kontakt" variant="secondary">
            Kontakt
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
