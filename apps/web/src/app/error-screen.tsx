import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found-page';

/**
 * The generic error screen. It stands alone (no header or footer, which may
 * be what failed) and uses plain links, so it works whatever broke.
 */
export function ErrorScreen() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (import.meta.env.DEV) console.error(error);
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center px-6 py-16">
      <h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
      <p className="mt-4 text-lg text-gray-800">
        Hier ist leider etwas schiefgegangen. Bitte lade die Seite neu oder versuche es später noch
        einmal.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-lg bg-coral-dark px-5 py-3 font-semibold text-white hover:bg-coral-darker"
        >
          Seite neu laden
        </button>
        <a
          href="/"
          className="rounded-lg border-2 border-navy px-5 py-3 font-semibold text-navy hover:bg-sand"
        >
          Zur Startseite
        </a>
      </div>
    </main>
  );
}
