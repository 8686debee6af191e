import { Cookie } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  onOpenCookieSettings,
  useConsent,
  saveConsent,
  type ConsentChoice,
} from '../../lib/consent';

/**
 * 'Cookie-Einstellungen': shown while no choice is stored; the choice also
 * decides whether map tiles and the Instagram feed may load (PRODUCT.md).
 * The footer link opens it again.
 */
export function CookieDialog() {
  const consent = useConsent();
  const [reopened, setReopened] = useState(false);
  const firstButton = useRef<HTMLButtonElement>(null);

  useEffect(() => onOpenCookieSettings(() => setReopened(true)), []);

  useEffect(() => {
    if (reopened) firstButton.current?.focus();
  }, [reopened]);

  if (consent !== null && !reopened) return null;

  const choose = (choice: ConsentChoice) => {
    saveConsent(choice);
    setReopened(false);
  };

  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby="cookie-dialog-title"
      aria-describedby="cookie-dialog-text"
      className="pointer-events-auto w-full border-t-4 border-coral bg-white shadow-[0_-8px_30px_rgba(0,0,0,0.15)]"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-5 md:flex-row md:items-center">
        <Cookie aria-hidden="true" className="hidden h-10 w-10 shrink-0 text-coral-dark md:block" />
        <div className="flex-1">
          <h2 id="cookie-dialog-title" className="text-lg font-bold">
            Cookie-Einstellungen
          </h2>
          <p id="cookie-dialog-text" className="mt-1 text-gray-700">
            Wir speichern in deinem Browser nur, was die Seite zum Funktionieren braucht – zum
            Beispiel diese Auswahl. Karten von OpenStreetMap und unseren Instagram-Feed laden wir
            erst, wenn du zustimmst; dabei erhält der jeweilige Anbieter deine IP-Adresse. Mehr dazu
            in der{' '}
            <Link to="/datenschutz" className="font-semibold underline underline-offset-2">
              Datenschutzerklärung
            </Link>
            .
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <button
            ref={firstButton}
            type="button"
            onClick={() => choose('accepted')}
            className="rounded-lg bg-coral-dark px-5 py-3 font-semibold text-white hover:bg-coral-darker"
          >
            Alle akzeptieren
          </button>
          <button
            type="button"
            onClick={() => choose('declined')}
            className="rounded-lg border-2 border-navy px-5 py-3 font-semibold text-navy hover:bg-sand"
          >
            Nur notwendige Cookies
          </button>
        </div>
      </div>
    </div>
  );
}
