import { Outlet } from 'react-router';
import { AreaNav, type AreaLink } from '../../components/layout/area-nav';
import { LogoMark } from '../../components/layout/logo';

/** The admin area's pages (spec §2 sidebar); a page gets its entry when it exists. */
const ADMIN_LINKS: readonly AreaLink[] = [];

/**
 * The admin area's frame: its own header, navigation and main content. Shell
 * only: no route uses it yet (/admin answers 404 until the admin area's pages
 * and sign-in exist).
 */
export function AdminLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-sand">
      <header className="border-b border-sand bg-navy text-white">
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
          <LogoMark className="h-8 w-8" />
          <p className="text-lg font-bold">Verwaltung</p>
        </div>
      </header>
      <AreaNav label="Verwaltung" links={ADMIN_LINKS} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
    </div>
  );
}
