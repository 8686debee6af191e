import type { ReactNode } from 'react';

/** The top of an admin page: its h1, a line on what it is for, and the page's main actions. */
export function AdminPageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-extrabold break-words sm:text-3xl">{title}</h1>
        {description && <p className="mt-1 max-w-3xl text-gray-800">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
