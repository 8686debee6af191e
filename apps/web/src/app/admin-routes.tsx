import type { RouteObject } from 'react-router';
import { ErrorScreen } from './error-screen';
import { frame, page } from './lazy-page';
import { NotFoundPage } from './not-found-page';

/**
 * The admin area (spec §2): its sign-in pages, then every page behind the
 * guard in the layout with the sidebar (app/layouts/admin-nav.ts). A page is
 * `page('admin/x/x-page', 'AdminXPage')` at its path under /admin.
 */
export const adminRoutes: RouteObject = {
  path: '/admin',
  errorElement: <ErrorScreen />,
  children: [
    { path: 'login', ...page('admin/account/admin-login-page', 'AdminLoginPage') },
    { path: 'setup', ...page('admin/account/admin-setup-page', 'AdminSetupPage') },
    {
      path: 'unauthorized',
      ...page('admin/account/admin-unauthorized-page', 'AdminUnauthorizedPage'),
    },
    {
      // the guard and the sidebar load with the admin's pages, not with the public ones
      ...frame('src/app/guards/admin-guard.tsx', async () => {
        return (await import('./guards/admin-guard')).AdminGuard;
      }),
      children: [
        {
          ...frame('src/app/layouts/admin-layout.tsx', async () => {
            return (await import('./layouts/admin-layout')).AdminLayout;
          }),
          children: [
            { index: true, ...page('admin/dashboard/dashboard-page', 'AdminDashboardPage') },
            {
              path: 'newsletter',
              ...page('admin/newsletter/newsletter-page', 'AdminNewsletterPage'),
            },
            {
              path: 'email-templates',
              ...page('admin/email-templates/email-templates-page', 'AdminEmailTemplatesPage'),
            },
            {
              path: 'email-templates/:key',
              ...page('admin/email-templates/email-template-page', 'AdminEmailTemplatePage'),
            },
            { path: 'users', ...page('admin/users/users-page', 'AdminUsersPage') },
            {
              path: 'users/vendors/:id',
              ...page('admin/users/vendor-detail-page', 'AdminVendorDetailPage'),
            },
            { path: 'tags', ...page('admin/tags/tags-page', 'AdminTagsPage') },
            {
              path: 'mietfaecher',
              ...page('admin/mietfaecher/mietfaecher-page', 'AdminMietfaecherPage'),
            },
            { path: 'products', ...page('admin/products/products-page', 'AdminProductsPage') },
            { path: 'inventur', ...page('admin/inventur/inventur-page', 'AdminInventurPage') },
            { path: 'contacts', ...page('admin/contacts/contacts-page', 'AdminContactsPage') },
            {
              path: 'contacts/:id',
              ...page('admin/contacts/contact-detail-page', 'AdminContactDetailPage'),
            },
            {
              path: 'vertraege',
              ...page('admin/vertraege/vertraege-page', 'AdminVertraegePage'),
            },
            {
              path: 'vertraege/:id',
              ...page('admin/vertraege/vertrag-page', 'AdminVertragPage'),
            },
            {
              path: 'zusatzleistungen',
              ...page('admin/zusatzleistungen/zusatzleistungen-page', 'AdminZusatzleistungenPage'),
            },
            { path: 'revenue', ...page('admin/revenue/revenue-page', 'AdminRevenuePage') },
            {
              path: 'verkaeufe',
              ...page('admin/verkaeufe/verkaeufe-page', 'AdminVerkaeufePage'),
            },
            {
              path: 'pending-bookings',
              ...page('admin/pending-bookings/pending-bookings-page', 'AdminPendingBookingsPage'),
            },
            {
              path: 'warteliste',
              ...page('admin/warteliste/warteliste-page', 'AdminWartelistePage'),
            },
            { path: 'vendor-contest', ...page('admin/contest/contest-page', 'AdminContestPage') },
            { path: 'faq', ...page('admin/faq/faq-page', 'AdminFaqPage') },
            { path: 'settings', ...page('admin/settings/settings-page', 'AdminSettingsPage') },
            { path: 'protokoll', ...page('admin/audit/audit-page', 'AdminAuditPage') },
          ],
        },
      ],
    },
    { path: '*', element: <NotFoundPage /> },
  ],
};
