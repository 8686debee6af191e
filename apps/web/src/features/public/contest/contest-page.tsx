import { contestClosedMessage, contestDeadlineText, contestOpen } from '@housnkuh/shared/contest';
import { openingFrom, shopPhase } from '@housnkuh/shared/shop-phase';
import { Gift, Info } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteSettings } from '../../../lib/site-settings';
import { ContestForm } from './components/contest-form';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** True on a developer's machine; decided after hydration, as the server cannot know. */
function useIsLocalHost(): boolean {
  const [local, setLocal] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLocal(LOCAL_HOSTS.has(window.location.hostname)));
    return () => clearTimeout(timer);
  }, []);
  return local;
}

/**
 * /vendors: the guessing contest. The form shows while the contest runs
 * (switched on, not past its closing date, the shop not yet open); afterwards
 * the page says that it has ended and keeps the conditions.
 */
export function ContestPage() {
  const settings = useSiteSettings();
  const local = useIsLocalHost();
  const open = contestOpen(settings);
  const phase = shopPhase(settings.openingDate);
  usePageMeta(
    'Direktvermarkter-Wettbewerb',
    `Errate, welche drei Direktvermarkter bei der Eröffnung von ${settings.shopName} in Kronach dabei sind, und gewinne einen 50-€-Gutschein.`,
    settings.shopName,
  );

  return (
    <>
      <PageHeader title="Direktvermarkter-Wettbewerb" eyebrow="Mitmachen und gewinnen">
        <p>
          {openingFrom(phase)} findest du bei {settings.shopName} die Produkte vieler
          Direktvermarkter aus der Region Kronach. Errätst du, welche drei bei der Eröffnung dabei
          sind? Unter allen richtigen Tipps verlosen wir einen 50-€-Gutschein für unseren Laden.
        </p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="contest-form-title" className="rounded-xl bg-white p-6 shadow-sm">
          <h2 id="contest-form-title" className="mb-4 flex items-center gap-2 text-2xl font-bold">
            <Gift aria-hidden="true" className="h-6 w-6 text-coral-dark" />
            Dein Tipp
          </h2>
          {open && local && (
            <p className="mb-4 flex gap-2 rounded-lg bg-sand p-3 text-sm">
              <Info aria-hidden="true" className="h-5 w-5 shrink-0" />
              <span>
                Hinweis: Diese Seite läuft auf einem lokalen Entwicklungsrechner. Teilnahmen werden
                nur in dieser Testumgebung gespeichert und zählen nicht für den echten Wettbewerb.
              </span>
            </p>
          )}
          {open ? (
            <ContestForm />
          ) : (
            <p className="rounded-lg bg-sand p-4 text-lg">
              {contestClosedMessage(settings)} Vielen Dank an alle, die mitgemacht haben! Wer
              gewinnt, erfährt es per E-Mail.
            </p>
          )}
        </section>
        <section
          aria-labelledby="contest-terms-title"
          className="rounded-xl bg-white p-6 shadow-sm"
        >
          <h2 id="contest-terms-title" className="mb-4 text-2xl font-bold">
            Teilnahmebedingungen
          </h2>
          <ul className="list-disc space-y-2 pl-5 text-gray-800">
            <li>{contestDeadlineText(settings)}</li>
            <li>Jede Person darf nur einmal teilnehmen.</li>
            <li>
              Unter allen richtigen Tipps verlosen wir einen Gutschein über 50 € für den Einkauf bei{' '}
              {settings.shopName}.
            </li>
            <li>Wer gewinnt, wird per E-Mail benachrichtigt.</li>
            <li>Der Rechtsweg ist ausgeschlossen.</li>
            <li>
              Deine Angaben verwenden wir nur für den Wettbewerb und löschen sie danach. Mehr dazu
              in der{' '}
              <Link to="/datenschutz" className="font-semibold underline underline-offset-2">
                Datenschutzerklärung
              </Link>
              .
            </li>
          </ul>
        </section>
      </div>
    </>
  );
}
