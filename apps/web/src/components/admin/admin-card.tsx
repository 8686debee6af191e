import type { ReactNode } from 'react';

/** A white card on an admin page: a section named by its h2 title. */
export function AdminCard({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  /** e.g. its margin to the card above or below */
  className?: string;
  children: ReactNode;
}) {
  const card = 'rounded-xl bg-white p-4 sm:p-6';
  return (
    <section aria-labelledby={id} className={className ? `${className} ${card}` : card}>
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
