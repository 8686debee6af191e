import { Cookie } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  onOpenCookieSettings,
  useConsent,
  saveConsent,
  type ConsentChoice,
} from '../../lib/consent';

/** CSS variable with the open dialog's height (read by the contest banner). */
export const DIALOG_HEIGHT_VAR = '--cookie-dialog-height';

/**
 * 'Cookie-Einstellungen': shown while no choice is stored; the choice also
 * decides whether map tiles and the Instagram feed may load (docs/product/privacy-and-law.md).
 * The footer link opens it again.
 */
export function CookieDialog() {
  const consent = useConsent();
  const [reopened, setReopened] = useState(false);
  const firstButton = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const open = consent === null || reopened;

  useEffect(() => onOpenCookieSettings(() => setReopened(true)), []);

  // Tells the contest banner how much room to leave at the bottom, so that it
  // appears above the dialog instead of pushing it around.
  useEffect(() => {
    const element = dialog.current;
    if (!open || !element) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty(DIALOG_HEIGHT_VAR, `${element.offsetHeight}px`);
    update();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(DIALOG_HEIGHT_VAR);
    };
  }, [open]);

  useEffect(() => {
    if (reopened) firstButton.current?.focus();
  }, [reopened]);

  if (!open) return null;

  const choose = (choice: ConsentChoice) => {
    saveConsent(choice);
    setReopened(false);
  };

  return (
    <div
      ref={dialog}
      role="dialog"
      aria-modal="false"
      aria-labelledby="cookie-dialog-title"
      aria-describedby="cookie-dialog-text"
      className="fixed inset-x-0 bottom-0 z-50 border-t-4 border-coral bg-white shadow-[0_-8px_30px_rgba(0,0,0,0.15)]"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-5 md:flex-row md:items-center">
        <Cookie aria-hidden="true" className="hidden h-10 w-10 shrink-0 text-coral-dark md:block" />
        <div className="flex-1">
          <h2 id="cookie-dialog-title" className="text-lg font-bold">
            Cookie-Einstellungen
          </h2>
          <p id="cookie-dialog-text" className="mt-1 text-sm text-gray-700 md:text-base">
            Wir speichern nur, was die Seite braucht. Karten und den Instagram-Feed laden wir erst
            nach deiner Zustimmung; dabei erhält der Anbieter deine IP-Adresse. Mehr in der{' '}
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
