import { LabelledSelect } from '../../../components/ui/labelled-select';
import { SearchInput } from '../../../components/ui/search-input';
import { ERRORS } from '@housnkuh/shared/messages';
import { ChevronDown, Mail, Phone } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { useEarlyValue } from '../../../lib/early-input';
import { usePageMeta } from '../../../lib/page-meta';
import { telHref, useSiteSettings } from '../../../lib/site-settings';
import { usePublicFaqs } from './api/faqs';
import { ALL_CATEGORIES, categoryCounts, filterFaqs } from './faq-filter';

/** /faq: search, category dropdown and sidebar with counts, questions to open and close. */
export function FaqPage() {
  const settings = useSiteSettings();
  usePageMeta(
    'Häufige Fragen',
    `Antworten rund um ${settings.shopName}: Einkaufen mit Karte, Öffnungszeiten, Verkaufsflächen, Provision, Probemonat und Registrierung für Direktvermarkter.`,
    settings.shopName,
  );
  const { data, isPending } = usePublicFaqs();
  const faqs = useMemo(() => data ?? [], [data]);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string>(ALL_CATEGORIES);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const searchId = useId();
  const categoryId = useId();
  const categoryRef = useEarlyValue<HTMLSelectElement>(category, setCategory);

  const visible = useMemo(() => filterFaqs(faqs, search, category), [faqs, search, category]);
  const counts = useMemo(() => categoryCounts(faqs, search), [faqs, search]);
  const total = counts.reduce((sum, entry) => sum + entry.count, 0);

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const resetFilters = () => {
    setSearch('');
    setCategory(ALL_CATEGORIES);
  };

  const categoryButton = (value: string, label: string, count: number) => (
    <li key={value}>
      <button
        type="button"
        aria-pressed={category === value}
        onClick={() => setCategory(value)}
        className={`flex w-full items-center justify-between rounded-lg px-3 py-2 text-left ${
          category === value ? 'bg-navy font-semibold text-white' : 'hover:bg-sand'
        }`}
      >
        <span>{label}</span>
        <span
          className={`rounded-full px-2 text-sm ${category === value ? 'bg-white/20' : 'bg-sand'}`}
        >
          {count}
        </span>
      </button>
    </li>
  );

  return (
    <>
      <PageHeader title="Häufige Fragen">
        <p>
          Alles Wichtige rund ums Einkaufen bei {settings.shopName} und rund um Verkaufsflächen für
          Direktvermarkter. Deine Frage ist nicht dabei? Dann schreib uns gern.
        </p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="FAQ-Kategorien" className="hidden lg:block">
          <h2 className="mb-3 text-lg font-bold">Kategorien</h2>
          <ul className="space-y-1">
            {categoryButton(ALL_CATEGORIES, 'Alle Fragen', total)}
            {counts.map((entry) => categoryButton(entry.category, entry.category, entry.count))}
          </ul>
        </nav>

        <div>
          <div
            role="search"
            className="grid gap-4 rounded-xl bg-white p-4 shadow-sm sm:grid-cols-[2fr_1fr]"
          >
            <SearchInput
              id={searchId}
              label="FAQ durchsuchen"
              value={search}
              onValue={setSearch}
              placeholder="z. B. Provision"
            />
            <LabelledSelect
              ref={categoryRef}
              id={categoryId}
              label="Kategorie"
              value={category}
              onChange={(event) => setCategory(event.target.value)}
            >
              <option value={ALL_CATEGORIES}>Alle Kategorien</option>
              {counts.map((entry) => (
                <option key={entry.category} value={entry.category}>
                  {entry.category} ({entry.count})
                </option>
              ))}
            </LabelledSelect>
          </div>

          <h2 className="sr-only">Fragen und Antworten</h2>
          <p className="sr-only" aria-live="polite">
            {isPending
              ? 'Fragen werden geladen'
              : `${visible.length} ${visible.length === 1 ? 'Frage' : 'Fragen'} gefunden`}
          </p>

          {visible.length === 0 ? (
            <div className="mt-6 rounded-xl bg-white p-8 text-center shadow-sm">
              <p className="text-lg">{ERRORS.faqNoResults}</p>
              <Button className="mt-4" onClick={resetFilters}>
                Alle FAQs anzeigen
              </Button>
            </div>
          ) : (
            <ul className="mt-6 space-y-3">
              {visible.map((faq) => {
                const isOpen = open.has(faq._id);
                const panelId = `faq-answer-${faq._id}`;
                return (
                  <li key={faq._id} className="rounded-xl bg-white shadow-sm">
                    <h3>
                      <button
                        type="button"
                        aria-expanded={isOpen}
                        aria-controls={panelId}
                        onClick={() => toggle(faq._id)}
                        className="flex w-full items-center justify-between gap-4 rounded-xl p-4 text-left text-lg font-semibold"
                      >
                        <span>{faq.question}</span>
                        <ChevronDown
                          aria-hidden="true"
                          className={`h-5 w-5 shrink-0 transition-transform ${isOpen ? 'rotate-180' : ''}`}
                        />
                      </button>
                    </h3>
                    <div id={panelId} hidden={!isOpen} className="px-4 pb-4 text-gray-800">
                      <p>{faq.answer}</p>
                      <p className="mt-2 text-sm text-gray-700">Kategorie: {faq.category}</p>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}

          <section
            aria-labelledby="faq-contact-title"
            className="mt-10 rounded-xl bg-navy p-6 text-white"
          >
            <h2 id="faq-contact-title" className="text-2xl font-bold">
              Noch Fragen?
            </h2>
            <p className="mt-2 text-gray-200">
              Wir helfen dir gern weiter und antworten in der Regel innerhalb von 24 Stunden.
            </p>
            <div className="mt-4 flex flex-wrap gap-4">
              <a
                href={telHref(settings.phone)}
                className="flex items-center gap-2 font-semibold underline-offset-4 hover:underline"
              >
                <Phone aria-hidden="true" className="h-5 w-5" />
                {settings.phone}
              </a>
              <a
                href={`mailto:${settings.email}`}
                className="flex items-center gap-2 font-semibold underline-offset-4 hover:underline"
              >
                <Mail aria-hidden="true" className="h-5 w-5" />
                {settings.email}
              </a>
              <Link to="/kontakt" className="font-semibold underline underline-offset-4">
                Zum Kontaktformular
              </Link>
            </div>
          </section>
        </div>
      </div>
    </>
  );
}
