import { ButtonLink } from '../components/ui/button';
import { usePageMeta } from '../lib/page-meta';

export function NotFoundPage() {
  usePageMeta('Seite nicht gefunden', 'Diese Seite gibt es bei housnkuh leider nicht.');
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <p className="text-6xl font-bold text-coral-dark" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">Seite nicht gefunden</h1>
      <p className="mt-4 text-lg text-gray-800">
        Die Seite, die du suchst, gibt es nicht (mehr). Vielleicht hat sich ein Tippfehler in die
        Adresse geschlichen.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">Zur Startseite</ButtonLink>
        <ButtonLink to="/kontakt" variant="secondary">
          Kontakt aufnehmen
        </ButtonLink>
      </div>
    </section>
  );
}
