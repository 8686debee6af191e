import { Search } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { useEarlyValue } from '../../lib/early-input';

/**
 * A labelled search field with the magnifier icon (FAQ, directory). Controlled:
 * `onValue` gets every change, and also a value entered before the page was
 * interactive (see useEarlyValue).
 */
export function SearchInput({
  id,
  label,
  value,
  onValue,
  className = 'w-full rounded-lg border border-gray-400 bg-white py-2.5 pr-3',
  ...input
}: { id: string; label: string; value: string; onValue: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'value' | 'onChange'
>) {
  const ref = useEarlyValue<HTMLInputElement>(value, onValue);
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
        <input
          ref={ref}
          id={id}
          type="search"
          value={value}
          onChange={(event) => onValue(event.target.value)}
          {...input}
          className={`${className} pl-10`}
        />
      </div>
    </div>
  );
}
