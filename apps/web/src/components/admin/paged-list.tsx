import type { ReactNode } from 'react';
import { QueryState } from '../ui/load-error';
import { Pager } from './pager';

interface Paged {
  pagination: { page: number; totalPages: number; totalCount: number };
}

/**
 * The part of an admin list page under its filters: loading, a load error with "try again"
 * ("Die Produkte konnten nicht geladen werden."), the count ("1 Produkt", "1.234 Produkte"),
 * "Keine Produkte gefunden." when the page is empty, the rows (`children`) and the pager
 * ("Seiten der Produkte"). The page keeps its filters and its rows' markup.
 */
export function PagedList<D extends Paged>({
  query,
  items,
  noun: [one, many],
  onPage,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data?: D | undefined; refetch: () => unknown };
  /** the rows of the page's data (to tell an empty page) */
  items: (data: D) => readonly unknown[];
  /** singular and plural of what is listed, e.g. ['Produkt', 'Produkte'] */
  noun: readonly [string, string];
  onPage: (page: number) => void;
  children: (data: D) => ReactNode;
}) {
  const { data } = query;
  return (
    <>
      <QueryState query={query} error={`Die ${many} konnten nicht geladen werden.`} />
      {data && (
        <>
          <p className="mb-2" aria-live="polite">
            {data.pagination.totalCount === 1
              ? `1 ${one}`
              : `${data.pagination.totalCount.toLocaleString('de-DE')} ${many}`}
          </p>
          {items(data).length === 0 ? (
            <p className="rounded-xl bg-white p-4">Keine {many} gefunden.</p>
          ) : (
            children(data)
          )}
          <Pager
            page={data.pagination.page}
            pageCount={data.pagination.totalPages}
            onPage={onPage}
            label={`Seiten der ${many}`}
          />
        </>
      )}
    </>
  );
}
