import { CircleAlert, CircleCheck } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { usePageMeta } from '../../../lib/page-meta';
import { unsubscribeErrorMessage, useUnsubscribe } from './api/unsubscribe';

/**
 * /newsletter/abmelden?token=…: the link in every newsletter. It asks for one
 * click, so a mail program that opens links ahead does not unsubscribe anybody.
 */
export function NewsletterUnsubscribePage() {
  usePageMeta('Newsletter abmelden', 'Vom Newsletter von housnkuh abmelden.');
  const [params] = useSearchParams();
  const token = params.get('token');
  const unsubscribe = useUnsubscribe();

  if (unsubscribe.isSuccess) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-20 text-center">
        <div role="status" className="flex flex-col items-center gap-4">
          <CircleCheck aria-hidden="true" className="h-14 w-14 text-moss" />
          <h1 className="text-3xl font-bold">Abgemeldet</h1>
          <p className="max-w-md text-lg text-gray-800">{unsubscribe.data.message}</p>
          <ButtonLink to="/">Zur Startseite</ButtonLink>
        </div>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">Newsletter abmelden</h1>
      {!token ? (
        <p role="alert" className="mt-4 text-lg">
          Dieser Abmeldelink ist unvollständig. Bitte nutze den Link aus deiner letzten
          Newsletter-E-Mail.
        </p>
      ) : (
        <>
          <p className="mt-4 text-lg text-gray-800">
            Schade, dass du gehst! Mit einem Klick bekommst du keine Newsletter mehr von uns.
          </p>
          {unsubscribe.isError && (
            <p role="alert" className="mt-4 flex items-center justify-center gap-2 text-red-900">
              <CircleAlert aria-hidden="true" className="h-5 w-5 shrink-0" />
              {unsubscribeErrorMessage(unsubscribe.error)}
            </p>
          )}
          <Button
            className="mt-6"
            disabled={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(token)}
          >
            {unsubscribe.isPending ? 'Wird abgemeldet...' : 'Vom Newsletter abmelden'}
          </Button>
        </>
      )}
    </section>
  );
}
