import { contestOpen } from '@housnkuh/shared/contest';
import { Gift, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useConsent } from '../../lib/consent';
import { STORAGE_KEYS, readStorage, removeStorage, writeStorage } from '../../lib/storage';
import { useSiteSettings } from '../../lib/site-settings';

export const CONTEST_BANNER_DELAY_MS = 1500;
export const CONTEST_BANNER_DISMISS_MS = 24 * 60 * 60 * 1000;

/** True while a dismissal is in force; an expired or broken value is removed (spec §4). */
export function isContestBannerDismissed(now = Date.now()): boolean {
  const stored = readStorage(STORAGE_KEYS.contestBannerDismissed);
  if (stored === null) return false;
  const until = new Date(stored).getTime();
  if (Number.isFinite(until) && until > now) return true;
  removeStorage(STORAGE_KEYS.contestBannerDismissed);
  return false;
}

export function dismissContestBanner(now = Date.now()): void {
  writeStorage(
    STORAGE_KEYS.contestBannerDismissed,
    new Date(now + CONTEST_BANNER_DISMISS_MS).toISOString(),
  );
}

/** Not on the contest page itself, nor in the producers' or the admin area (it invites visitors). */
export function contestBannerHiddenOn(pathname: string): boolean {
  return (
    pathname === '/vendors' ||
    pathname === '/vendor' ||
    pathname.startsWith('/vendor/') ||
    pathname === '/admin' ||
    pathname.startsWith('/admin/')
  );
}

/**
 * Bottom-right invitation to the guessing contest, while the contest runs
 * (switched on and not past its closing date). It waits until the visitor has
 * answered the cookie dialog, so that on a phone the two never cover the page
 * together.
 */
export function ContestBanner() {
  const settings = useSiteSettings();
  const open = contestOpen(settings);
  const consent = useConsent();
  const { pathname } = useLocation();
  const [visible, setVisible] = useState(false);
  const navigate = useNavigate();
  const answered = consent === 'accepted' || consent === 'declined';

  useEffect(() => {
    if (!open || !answered) return;
    const timer = window.setTimeout(() => {
      if (!isContestBannerDismissed()) setVisible(true);
    }, CONTEST_BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [open, answered]);

  if (!visible || !open || contestBannerHiddenOn(pathname)) return null;

  const dismiss = () => {
    dismissContestBanner();
    setVisible(false);
  };

  return (
    <aside
      aria-labelledby="contest-banner-title"
      className="fixed right-4 bottom-[calc(var(--cookie-dialog-height,0px)+1rem)] z-40 w-[calc(100%-2rem)] max-w-sm rounded-xl border border-sand bg-white p-5 shadow-2xl"
    >
      <button
        type="button"
        onClick={dismiss}
        className="absolute top-2 right-2 rounded-md p-2 text-gray-700 hover:bg-sand"
        aria-label="Hinweis zum Wettbewerb schließen"
      >
        <X aria-hidden="true" className="h-5 w-5" />
      </button>
      <div className="flex gap-3 pr-6">
        <Gift aria-hidden="true" className="mt-1 h-7 w-7 shrink-0 text-coral-dark" />
        <div>
          <h2 id="contest-banner-title" className="text-lg font-bold">
            Errate unsere Direktvermarkter!
          </h2>
          <p className="mt-1 text-gray-700">
            Nimm am Wettbewerb teil und gewinne einen 50€-Gutschein! Welche drei lokalen Produzenten
            werden bei der Eröffnung dabei sein?
          </p>
          <button
            type="button"
            className="mt-3 rounded-lg bg-coral-dark px-4 py-2 font-semibold text-white hover:bg-coral-darker"
            onClick={() => {
              dismiss();
              void navigate('/direktvermarkter');
            }}
          >
            Jetzt teilnehmen
          </button>
        </div>
      </div>
    </aside>
  );
}
