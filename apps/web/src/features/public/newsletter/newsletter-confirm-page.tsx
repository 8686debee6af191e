import { ERRORS } from '@housnkuh/shared/messages';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { usePageMeta } from '../../../lib/page-meta';
import { confirmErrorMessage, confirmSuccessMessage, useConfirmNewsletter } from './api/confirm';

/** /newsletter/confirm?token=…: the link from the confirmation mail. */
export function NewsletterConfirmPage() {
  usePageMeta(
    'Newsletter-Anmeldung bestätigen',
    'Bestätige deine Anmeldung zum Newsletter von housnkuh.',
  );
  const [params] = useSearchParams();
  const token = params.get('token');
  const query = useConfirmNewsletter(token);

  let content;
  if (!token) {
    content = <Failure message={ERRORS.confirmNoToken} />;
  } else if (query.isPending) {
    content = (
      <div role="status" className="flex flex-col items-center gap-4">
        <LoaderCircle aria-hidden="true" className="h-12 w-12 animate-spin text-coral-dark" />
        <p className="text-lg">Deine Anmeldung wird bestätigt …</p>
      </div>
    );
  } else if (query.isError) {
    content = <Failure message={confirmErrorMessage(query.error)} />;
  } else {
    content = (
      <div role="status" className="flex flex-col items-center gap-4">
        <CircleCheck aria-hidden="true" className="h-14 w-14 text-moss" />
        <h1 className="text-3xl font-bold">{confirmSuccessMessage(query.data.message)}</h1>
        <p className="max-w-md text-lg text-gray-800">
          Ab jetzt erfährst du als Erstes, wenn neue Direktvermarkter einziehen und was es Neues im
          Laden gibt.
        </p>
        <ButtonLink to="/">Zur Startseite</ButtonLink>
      </div>
    );
  }

  return <section className="mx-auto max-w-2xl px-4 py-20 text-center">{content}</section>;
}

function Failure({ message }: { message: string }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-4">
      <CircleAlert aria-hidden="true" className="h-14 w-14 text-coral-dark" />
      <h1 className="text-3xl font-bold">Bestätigung fehlgeschlagen</h1>
      <p className="max-w-md text-lg text-gray-800">{message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <ButtonLink to="/#newsletter">Erneut anmelden</ButtonLink>
        <ButtonLink to="/" variant="secondary">
          Zur Startseite
        </ButtonLink>
        <ButtonLink to="/kontakt" variant="secondary">
          Kontakt
        </ButtonLink>
      </div>
    </div>
  );
}
