import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageWindow } from '../directory-filters';

const BUTTON =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-3 font-semibold disabled:cursor-not-allowed disabled:opacity-50';

/** Zurück, up to 5 page numbers around the current page, Weiter (spec §9). */
export function Pagination({
  page,
  totalPages,
  onChange,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  const pages = pageWindow(page, totalPages);
  return (
    <nav aria-label="Seitennavigation" className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          <button
            type="button"
            onClick={() => onChange(page - 1)}
            disabled={page <= 1}
            className={`${BUTTON} text-navy hover:bg-sand`}
          >
            <ChevronLeft aria-hidden="true" className="h-5 w-5" />
            Zurück
          </button>
        </li>
        {pages.map((number) => (
          <li key={number}>
            <button
              type="button"
              onClick={() => onChange(number)}
              aria-current={number === page ? 'page' : undefined}
              aria-label={`Seite ${number}`}
              className={`${BUTTON} ${
                number === page
                  ? 'bg-navy text-white'
                  : 'border border-gray-400 bg-white text-navy hover:bg-sand'
              }`}
            >
              {number}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            onClick={() => onChange(page + 1)}
            disabled={page >= totalPages}
            className={`${BUTTON} text-navy hover:bg-sand`}
          >
            Weiter
            <ChevronRight aria-hidden="true" className="h-5 w-5" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
