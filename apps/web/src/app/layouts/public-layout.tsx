import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ContestBanner } from '../../components/layout/contest-banner';
import { CookieDialog } from '../../components/layout/cookie-dialog';
import { Footer } from '../../components/layout/footer';
import { Header } from '../../components/layout/header';
import { PageScroll } from '../../components/layout/page-scroll';
import { dropBrokenVendorSession, useStoredVendorSession } from '../../lib/vendor-token';

/** Its code loads after hydration, and only for a vendor with a stored session. */
const VendorSessionWatch = lazy(async () => ({
  default: (await import('../vendor-session-watch')).VendorSessionWatch,
}));

/** Header, main content, footer, contest banner and cookie dialog (spec §2). */
/** Links like /#newsletter scroll to their section, also when the page was just loaded. */
function useScrollToHash() {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const element = document.getElementById(decodeURIComponent(hash.slice(1)));
    element?.scrollIntoView();
  }, [hash, pathname]);
}

export function PublicLayout() {
  useScrollToHash();
  useEffect(() => dropBrokenVendorSession(), []);
  const vendorSession = useStoredVendorSession();
  return (
    <div className="flex min-h-screen flex-col">
      {/* first in the tab order, while open; shown fixed at the bottom */}
      <CookieDialog />
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <ContestBanner />
      <PageScroll />
      {vendorSession && (
        <Suspense fallback={null}>
          <VendorSessionWatch />
        </Suspense>
      )}
    </div>
  );
}
