import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../ui/button';
import { LabelledSelect } from '../ui/labelled-select';

/**
 * A list's filters and page in the address (so a view can be shared and
 * survives a reload): `names` maps each filter to its German query name.
 * `apply` sets some filters and goes back to page 1 unless a page is given.
 */
export function useListParams<K extends string>(names: Record<K, string>) {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(
    (Object.keys(names) as K[]).map((key) => [key, params.get(names[key]) ?? '']),
  ) as Record<K, string>;
  const page = Math.max(1, Number(params.get('seite')) || 1);
  const apply = (next: Partial<Record<K, string>> & { page?: number }) => {
    const query = new URLSearchParams();
    const view = params.get('ansicht');
    if (view) query.set('ansicht', view);
    for (const key of Object.keys(names) as K[]) {
      const value = next[key] ?? filters[key];
      if (value) query.set(names[key], value);
    }
    if ((next.page ?? 1) > 1) query.set('seite', String(next.page));
    setParams(query);
  };
  return { filters, page, apply };
}

/** The search line of a list: a labelled field and 'Suchen'; sent as a whole. */
export function SearchField({
  id,
  label,
  initial,
  onSearch,
}: {
  id: string;
  label: string;
  initial: string;
  onSearch: (value: string) => void;
}) {
  const [value, setValue] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <div role="search">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <form onSubmit={submit} className="flex gap-2">
        <input
          id={id}
          type="search"
          value={value}
          maxLength={100}
          onChange={(event) => setValue(event.target.value)}
          className="w-full min-w-0 rounded-lg border border-gray-400 bg-white px-3 py-2.5"
        />
        <Button type="submit" className="shrink-0">
          Suchen
        </Button>
      </form>
    </div>
  );
}

/** The box's columns by the number of filters beside the search (literal for Tailwind). */
const FILTER_COLUMNS = {
  0: '',
  1: 'md:grid-cols-[2fr_1fr]',
  2: 'md:grid-cols-[2fr_1fr_1fr]',
  3: 'md:grid-cols-[2fr_1fr_1fr_1fr]',
} as const;

/**
 * The filter box above a list: the search (the filter `search` of useListParams) on the left,
 * the other filters (`children`, `filters` of them) beside it.
 */
export function ListFilters({
  searchId,
  searchLabel,
  search,
  apply,
  filters = 1,
  className = 'mb-4',
  children,
}: {
  searchId: string;
  searchLabel: string;
  search: string;
  apply: (next: { search: string }) => void;
  filters?: keyof typeof FILTER_COLUMNS;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={`${className} grid gap-3 rounded-xl bg-white p-4 ${FILTER_COLUMNS[filters]}`}>
      <SearchField
        id={searchId}
        label={searchLabel}
        initial={search}
        onSearch={(value) => apply({ search: value })}
      />
      {children}
    </div>
  );
}

/** The views of a page as links (?ansicht=…), the current one marked. */
export function ViewTabs({
  base,
  views,
  current,
}: {
  base: string;
  views: readonly (readonly [string, string])[];
  current: string;
}) {
  return (
    <nav aria-label="Ansicht" className="mb-4 flex flex-wrap gap-2">
      {views.map(([value, label]) => (
        <Link
          key={value}
          to={`${base}?ansicht=${value}`}
          aria-current={current === value ? 'page' : undefined}
          className={`rounded-lg px-4 py-2 font-semibold ${
            current === value ? 'bg-navy text-white' : 'bg-white text-navy hover:bg-sand'
          }`}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}

/** A filter of a list: a labelled select. */
export function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
}) {
  return (
    <LabelledSelect
      id={id}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      {options.map(([optionValue, text]) => (
        <option key={optionValue} value={optionValue}>
          {text}
        </option>
      ))}
    </LabelledSelect>
  );
}
