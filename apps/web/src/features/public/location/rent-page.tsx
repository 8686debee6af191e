import { COMMISSION_MODELS, PACKAGE_OPTIONS } from '@housnkuh/shared/catalog';
import { formatEuro, formatPercent } from '@housnkuh/shared/format';
import { Archive, Gift, Mail, Phone, Snowflake, Store, Table2, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { IconCards, type IconCard } from '../../../components/ui/icon-cards';
import { ButtonLink } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { usePageMeta } from '../../../lib/page-meta';
import { formatAddress, telHref, useSiteSettings } from '../../../lib/site-settings';

const SPACES: IconCard[] = [
  {
    title: 'Regalfächer',
    text: 'Für Honig, Nudeln, Marmelade, Gewürze und alles, was sich ungekühlt hält – auf Augenhöhe oder in der unteren Reihe.',
    Icon: Archive,
  },
  {
    title: 'Kühl- und Tiefkühlfächer',
    text: 'Für Milchprodukte, Fleisch, Wurst und Eis: gleichmäßig gekühlt oder dauerhaft tiefgefroren.',
    Icon: Snowflake,
  },
  {
    title: 'Verkaufstische',
    text: 'Ein eigener Tisch mitten im Laden – mit viel Platz für Saisonware, Kisten und Körbe.',
    Icon: Table2,
  },
  {
    title: 'Schaufenster',
    text: 'Eine Fläche im Schaufenster zur Straße hin, damit Passanten deine Produkte sehen.',
    Icon: Store,
  },
];

/** The cheapest fixed monthly price in the catalog, e.g. '15,00 €'. */
const LOWEST_PRICE = formatEuro(
  Math.min(...PACKAGE_OPTIONS.filter((o) => o.price > 0).map((o) => o.price)),
);
const COMMISSION_RATES = COMMISSION_MODELS.map((m) => formatPercent(m.rate)).join(' oder ');

/** /mieten: invites producers to talk to the operator about renting space (spec §2). */
export function RentPage() {
  const settings = useSiteSettings();
  usePageMeta(
    'Verkaufsfläche mieten – sprich uns an',
    `Verkaufe deine regionalen Produkte bei ${settings.shopName} in ${settings.address.ort}: Regalfächer, Kühlfächer, Tische und Schaufenster. Ruf an oder schreib uns.`,
    settings.shopName,
  );
  const contactPerson = settings.legal.ownerName.trim();

  return (
    <>
      <PageHeader title="Verkaufsfläche mieten" eyebrow="Für Direktvermarkter">
        <p>
          Du stellst in der Region Lebensmittel oder Handwerk her und möchtest sie bei{' '}
          {settings.shopName} verkaufen? Melde dich bei uns – wir zeigen dir die Flächen,
          beantworten deine Fragen und finden gemeinsam den passenden Platz für deine Produkte.
        </p>
      </PageHeader>

      <section aria-labelledby="spaces-title" className="mx-auto max-w-6xl px-4 py-12 md:py-16">
        <h2 id="spaces-title" className="text-3xl font-bold">
          Was du bei uns mieten kannst
        </h2>
        <p className="mt-3 max-w-3xl text-lg text-gray-800">
          Die Flächen sind zwischen 2 und 8 m² groß. Du zahlst eine monatliche Miete ab{' '}
          {LOWEST_PRICE} und eine Provision von {COMMISSION_RATES} auf deinen Umsatz – je nachdem,
          welches Modell du wählst.
        </p>
        <IconCards cards={SPACES} className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" />
        <div className="mt-8 flex gap-4 rounded-xl bg-sand p-6">
          <Gift aria-hidden="true" className="h-8 w-8 shrink-0 text-coral-dark" />
          <div>
            <h3 className="text-lg font-bold">30 Tage kostenlos testen</h3>
            <p className="mt-1 text-gray-800">
              Ab der Eröffnung des Ladens kannst du 30 Tage lang ohne Miete ausprobieren, wie deine
              Produkte ankommen. Du brauchst dafür keine Zahlungsdaten und kannst jederzeit
              kündigen; nur die Provision auf deine Verkäufe fällt an.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="contact-title" className="bg-sand">
        <div className="mx-auto max-w-6xl px-4 py-12 md:py-16">
          <h2 id="contact-title" className="text-3xl font-bold">
            Sprich uns an
          </h2>
          <p className="mt-3 max-w-3xl text-lg text-gray-800">
            Ruf einfach an oder schreib eine E-Mail. Wir erzählen dir, wie der Laden funktioniert,
            und vereinbaren gern einen Termin vor Ort.
          </p>
          <div className="mt-8 rounded-xl bg-white p-6 shadow-sm md:p-8">
            {contactPerson ? (
              <>
                <p className="flex items-center gap-3 text-2xl font-bold">
                  <UserRound aria-hidden="true" className="h-7 w-7 shrink-0 text-coral-dark" />
                  {contactPerson}
                </p>
                <p className="mt-1 text-gray-700">
                  {settings.shopName} · {formatAddress(settings)}
                </p>
              </>
            ) : (
              <>
                <p className="text-2xl font-bold">{settings.shopName}</p>
                <p className="mt-1 text-gray-700">{formatAddress(settings)}</p>
              </>
            )}
            <ul className="mt-6 grid gap-4 md:grid-cols-2">
              <li className="flex items-center gap-3">
                <Phone aria-hidden="true" className="h-6 w-6 shrink-0 text-coral-dark" />
                <span>
                  <span className="block text-sm text-gray-700">Telefon</span>
                  <a
                    href={telHref(settings.phone)}
                    className="text-xl font-bold text-navy underline underline-offset-4"
                  >
                    {settings.phone}
                  </a>
                </span>
              </li>
              <li className="flex items-center gap-3">
                <Mail aria-hidden="true" className="h-6 w-6 shrink-0 text-coral-dark" />
                <span className="min-w-0">
                  <span className="block text-sm text-gray-700">E-Mail</span>
                  <a
                    href={`mailto:${settings.email}`}
                    className="text-xl font-bold break-all text-navy underline underline-offset-4"
                  >
                    {settings.email}
                  </a>
                </span>
              </li>
            </ul>
          </div>
        </div>
      </section>

      <section aria-labelledby="online-title" className="mx-auto max-w-6xl px-4 py-12 md:py-16">
        <h2 id="online-title" className="text-3xl font-bold">
          Lieber gleich online?
        </h2>
        <p className="mt-3 max-w-3xl text-lg text-gray-800">
          Stell dir im Paket-Konfigurator deine Flächen zusammen, sieh sofort, was sie kosten, und
          registriere dich direkt. Wir melden uns innerhalb von 2 Werktagen bei dir. Fragen kannst
          du uns auch über das Kontaktformular schicken.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to="/pricing">Paket zusammenstellen und registrieren</ButtonLink>
          <ButtonLink to="/kontakt" variant="secondary">
            Zum Kontaktformular
          </ButtonLink>
        </div>
        <p className="mt-6 text-gray-800">
          Schon dabei?{' '}
          <Link
            to="/vendor/login"
            className="font-semibold text-coral-darker underline underline-offset-2"
          >
            Zum Login für Direktvermarkter
          </Link>
        </p>
      </section>
    </>
  );
}
