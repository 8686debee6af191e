import { LabelledSelect } from '../../../../components/ui/labelled-select';
import { SearchInput } from '../../../../components/ui/search-input';
import { VERIFY_STATUS_LABELS, VERIFY_STATUSES, type VerifyStatus } from '@housnkuh/shared/catalog';
import { SEARCH_MAX_LENGTH } from '@housnkuh/shared/directory';
import type { PublicTag } from '@housnkuh/shared/schemas/directory';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { useEarlyValue } from '../../../../lib/early-input';
import {
  parseSortValue,
  SORT_OPTIONS,
  sortValue,
  type DirectoryFilters,
} from '../directory-filters';

/** A status of the select, or null for 'Alle'. */
function asVerifyStatus(value: string): VerifyStatus | null {
  return (VERIFY_STATUSES as readonly string[]).includes(value) ? (value as VerifyStatus) : null;
}

const CONTROL = 'w-full rounded-lg border border-gray-400 bg-white px-3 py-2.5 text-base text-navy';

/** Search, sort, status and product tags of the directory. */
export function DirectoryFilterBox({
  filters,
  searchInput,
  onSearchInput,
  onChange,
  onToggleTag,
  allTags,
}: {
  filters: DirectoryFilters;
  /** The search field's text; it reaches the filters 300 ms after typing stops. */
  searchInput: string;
  onSearchInput: (value: string) => void;
  onChange: (change: Partial<DirectoryFilters>) => void;
  onToggleTag: (slug: string) => void;
  allTags: readonly PublicTag[];
}) {
  const searchId = useId();
  const sortId = useId();
  const statusId = useId();
  const tagsId = useId();
  const sortRef = useEarlyValue<HTMLSelectElement>(sortValue(filters), (value) =>
    onChange(parseSortValue(value)),
  );
  const statusRef = useEarlyValue<HTMLSelectElement>(filters.verifyStatus ?? '', (value) =>
    onChange({ verifyStatus: asVerifyStatus(value) }),
  );
  return (
    <section
      aria-labelledby={`${searchId}-title`}
      className="rounded-xl bg-white p-4 shadow-sm md:p-6"
    >
      <h2 id={`${searchId}-title`} className="sr-only">
        Suchen und filtern
      </h2>
      <div role="search" className="grid gap-4 md:grid-cols-[2fr_1fr_1fr]">
        <SearchInput
          id={searchId}
          label="Direktvermarkter suchen"
          value={searchInput}
          onValue={onSearchInput}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder="Name, Ort oder Produkt"
          autoComplete="off"
          className={`${CONTROL} placeholder:text-gray-600`}
        />
        <LabelledSelect
          ref={sortRef}
          id={sortId}
          label="Sortieren"
          value={sortValue(filters)}
          onChange={(event) => onChange(parseSortValue(event.target.value))}
          className={CONTROL}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </LabelledSelect>
        <LabelledSelect
          ref={statusRef}
          id={statusId}
          label="Status"
          value={filters.verifyStatus ?? ''}
          onChange={(event) => onChange({ verifyStatus: asVerifyStatus(event.target.value) })}
          className={CONTROL}
        >
          <option value="">Alle</option>
          {VERIFY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {VERIFY_STATUS_LABELS[status]}
            </option>
          ))}
        </LabelledSelect>
      </div>
      {allTags.length > 0 && (
        <div role="group" aria-labelledby={tagsId} className="mt-4">
          <p id={tagsId} className="mb-2 text-sm font-semibold">
            Produkte <span className="font-normal text-gray-700">(mehrere möglich)</span>
          </p>
          <ul className="flex flex-wrap gap-2">
            {allTags.map((tag) => {
              const active = filters.tags.includes(tag.slug);
              return (
                <li key={tag.id}>
                  <button
                    type="button"
                    aria-pressed={active}
                    onClick={() => onToggleTag(tag.slug)}
                    className={`inline-flex min-h-11 items-center gap-1.5 rounded-full border px-3.5 text-sm font-semibold transition-colors ${
                      active
                        ? 'border-navy bg-navy text-white'
                        : 'border-gray-400 bg-white text-navy hover:bg-sand'
                    }`}
                  >
                    {active && <Check aria-hidden="true" className="h-4 w-4" />}
                    {tag.name}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}
