import { Search } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';

/** A labelled search field with the magnifier icon (FAQ, directory). */
export function SearchInput({
  id,
  label,
  className = 'w-full rounded-lg border border-gray-400 bg-white py-2.5 pr-3',
  ...input
}: { id: string; label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-3 left-3 h-5 w-5 text-gray-600"
        />
        <input id={id} type="search" {...input} className={`${className} pl-10`} />
      </div>
    </div>
  );
}
