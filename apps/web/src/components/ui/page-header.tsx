import type { ReactNode } from 'react';

/** The top of a content page: optional eyebrow, the page's h1 and an intro. */
export function PageHeader({
  title,
  eyebrow,
  children,
}: {
  title: string;
  eyebrow?: string;
  children?: ReactNode;
}) {
  return (
    <div className="bg-sand">
      <div className="mx-auto max-w-6xl px-4 py-12 md:py-16">
        {eyebrow && <p className="mb-2 font-semibold text-coral-darker">{eyebrow}</p>}
        <h1 className="text-3xl font-extrabold break-words hyphens-auto sm:text-4xl md:text-5xl">
          {title}
        </h1>
        {children && <div className="mt-4 max-w-3xl text-lg text-gray-800">{children}</div>}
      </div>
    </div>
  );
}
