import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LogoMark } from '../../../components/layout/logo';

/** The frame of the admin's sign-in pages: the mark, a card, and the way back to the website. */
export function AdminAuthFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center bg-sand px-4 py-10">
      <main id="main" tabIndex={-1} className="w-full max-w-md focus:outline-none">
        <div className="rounded-xl bg-white p-6 shadow-sm sm:p-8">
          <div className="mb-4 flex items-center gap-3">
            <LogoMark className="h-10 w-10" />
            <p className="font-semibold text-gray-800">Verwaltung</p>
          </div>
          <h1 className="mb-4 text-2xl font-extrabold">{title}</h1>
          {children}
        </div>
        <p className="mt-6 text-center">
          <Link to="/" className="font-semibold text-coral-darker underline underline-offset-2">
            Zur Website
          </Link>
        </p>
      </main>
    </div>
  );
}
