import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteSettings } from '../../../lib/site-settings';
import { endVendorSession } from './api/check-session';

/**
 * /vendor/konto-geloescht: where a producer lands once its account is deleted (docs/decisions/0092):
 * what was deleted and what is kept until when, as the deletion's answer said (the same words
 * came by mail); the browser's session of the gone account ends here.
 */
export function AccountDeletedPage() {
  const settings = useSiteSettings();
  usePageMeta(
    'Konto gelöscht',
    `Dein Konto als Direktvermarkter bei ${settings.shopName} ist gelöscht.`,
    settings.shopName,
  );
  const { state } = useLocation();
  const client = useQueryClient();
  const answer = (state as { message?: unknown } | null)?.message;
  const deleted = typeof answer === 'string';
  // the server ended the session with the account; the browser forgets it here (only when the
  // deletion led here, not on a visit of the address alone)
  useEffect(() => {
    if (deleted) endVendorSession(client);
  }, [client, deleted]);
  const message = deleted
    ? answer
    : 'Wenn du die Löschung deines Kontos beantragt hast, bekommst du eine Bestätigung per E-Mail, sobald sie ausgeführt ist.';
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <div className="rounded-xl bg-white p-6 shadow-sm">
        <h1 className="flex items-center gap-3 text-3xl font-extrabold">
          <CircleCheck aria-hidden="true" className="h-8 w-8 text-green-700" />
          {deleted ? 'Konto gelöscht' : 'Konto löschen'}
        </h1>
        <p className="mt-4 text-lg text-gray-800">{message}</p>
        {deleted && (
          <p className="mt-2 text-gray-800">
            Eine Bestätigung mit allen Einzelheiten ist per E-Mail unterwegs. Danke, dass du bei{' '}
            {settings.shopName} verkauft hast.
          </p>
        )}
        <ButtonLink to="/" className="mt-6">
          Zur Startseite
        </ButtonLink>
      </div>
    </div>
  );
}
