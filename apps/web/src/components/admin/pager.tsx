import { ChevronLeft, ChevronRight } from 'lucide-react';

/** Back and forth through a list's pages (server-side paging); nothing when there is one page. */
export function Pager({
  page,
  pageCount,
  onPage,
  label = 'Seiten',
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  label?: string;
}) {
  if (pageCount <= 1) return null;
  const button =
    'inline-flex items-center gap-1 rounded-lg border border-gray-300 bg-white px-3 py-2 font-semibold hover:bg-sand disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      <button
        type="button"
        className={button}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        Zurück
      </button>
      <p aria-live="polite">
        Seite {page} von {pageCount}
      </p>
      <button
        type="button"
        className={button}
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        Weiter
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </button>
    </nav>
  );
}
