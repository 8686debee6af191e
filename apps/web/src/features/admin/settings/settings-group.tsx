import type { ReactNode } from 'react';

/** A titled group of the settings' fields, two columns from sm up. */
export function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl bg-white p-4 sm:p-6">
      <legend className="float-left mb-4 w-full text-lg font-bold">{title}</legend>
      <div className="clear-left grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
