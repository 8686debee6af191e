import { ShieldCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { openCookieSettings, useConsent } from '../lib/consent';

/**
 * Third-party content (map tiles, the Instagram widget) loads only after the
 * visitor accepted cookies or asked for it here, once.
 */
export function ConsentGate({
  provider,
  what,
  children,
  className = '',
}: {
  /** e.g. 'OpenStreetMap' */
  provider: string;
  /** e.g. 'die Karte' */
  what: string;
  children: ReactNode;
  className?: string;
}) {
  const consent = useConsent();
  const [loadOnce, setLoadOnce] = useState(false);
  if (consent === 'accepted' || loadOnce) return <>{children}</>;
  return (
    <div
      className={`flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-gray-400 bg-white p-6 text-center ${className}`}
    >
      <ShieldCheck aria-hidden="true" className="h-8 w-8 text-navy" />
      <p className="max-w-md text-gray-800">
        Hier zeigen wir {what} von {provider}. Beim Laden überträgt dein Browser Daten wie deine
        IP-Adresse an {provider}.
      </p>
      <button
        type="button"
        onClick={() => setLoadOnce(true)}
        className="rounded-lg bg-navy px-4 py-2 font-semibold text-white hover:bg-navy-light"
      >
        {what.charAt(0).toUpperCase() + what.slice(1)} laden
      </button>
      <button
        type="button"
        onClick={openCookieSettings}
        className="text-sm underline underline-offset-2"
      >
        Cookie-Einstellungen ändern
      </button>
    </div>
  );
}
