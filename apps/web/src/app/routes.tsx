import { lazy } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { WhenNearViewport } from '../components/lazy-section';
import { HomePage } from '../features/public/home/home-page';
import { ErrorScreen } from './error-screen';
import { PublicLayout } from './layouts/public-layout';
import { NotFoundPage } from './not-found-page';
import { adminRoutes } from './admin-routes';
import { frame, page } from './lazy-page';

const NewsletterForm = lazy(async () => ({
  default: (await import('../features/public/newsletter/components/newsletter-form'))
    .NewsletterForm,
}));

/** Below the fold: the form's code loads when the newsletter box comes near. */
const newsletterBox = (
  <WhenNearViewport fallback={<div className="min-h-80" aria-hidden="true" />}>
    <NewsletterForm />
  </WhenNearViewport>
);

/** Every route of the app. Pages other than the home page load on demand. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <PublicLayout />,
    errorElement: <ErrorScreen />,
    children: [
      { index: true, element: <HomePage newsletterForm={newsletterBox} /> },
      {
        path: 'newsletter/confirm',
        ...page('public/newsletter/newsletter-confirm-page', 'NewsletterConfirmPage'),
      },
      {
        path: 'warteliste/angebot',
        ...page('public/waitlist-offer/waitlist-offer-page', 'WaitlistOfferPage'),
      },
      {
        path: 'newsletter/abmelden',
        ...page('public/newsletter/newsletter-unsubscribe-page', 'NewsletterUnsubscribePage'),
      },
      {
        path: 'direktvermarkter',
        ...page('public/producers/producers-landing-page', 'ProducersLandingPage'),
      },
      {
        path: 'direktvermarkter/uebersicht',
        ...page('public/directory/directory-page', 'DirectoryPage', {
          serverData: ['directoryDefault'],
        }),
      },
      {
        path: 'direktvermarkter/karte',
        ...page('public/directory/vendor-map-page', 'VendorMapPage'),
      },
      {
        path: 'direktvermarkter/:id',
        ...page('public/directory/vendor-profile-page', 'VendorProfilePage', {
          serverData: ['vendorProfile'],
        }),
      },
      {
        path: 'standort',
        ...page('public/location/location-page', 'LocationPage'),
      },
      {
        path: 'mieten',
        ...page('public/location/rent-page', 'RentPage'),
      },
      {
        path: 'kontakt',
        ...page('public/contact/contact-page', 'ContactPage'),
      },
      {
        path: 'faq',
        ...page('public/faq/faq-page', 'FaqPage', { serverData: ['faqs'] }),
      },
      {
        path: 'vendors',
        ...page('public/contest/contest-page', 'ContestPage'),
      },
      {
        path: 'impressum',
        ...page('public/legal/impressum-page', 'ImpressumPage'),
      },
      {
        path: 'datenschutz',
        ...page('public/legal/datenschutz-page', 'DatenschutzPage'),
      },
      {
        path: 'agb',
        ...page('public/legal/agb-page', 'AgbPage'),
      },
      {
        path: 'pricing',
        ...page('public/pricing/pricing-page', 'PricingPage', { serverData: ['availability'] }),
      },
      {
        path: 'vendor/login',
        ...page('public/vendor-account/vendor-login-page', 'VendorLoginPage'),
      },
      {
        path: 'vendor/confirm',
        ...page('public/vendor-account/vendor-confirm-page', 'VendorConfirmPage'),
      },
      {
        path: 'vendor/passwort-vergessen',
        ...page('public/vendor-account/forgot-password-page', 'ForgotPasswordPage'),
      },
      {
        path: 'vendor/konto-geloescht',
        ...page('public/vendor-account/account-deleted-page', 'AccountDeletedPage'),
      },
      {
        path: 'vendor/passwort-zuruecksetzen',
        ...page('public/vendor-account/reset-password-page', 'ResetPasswordPage'),
      },
      {
        path: 'vendor',
        // the guard and the area's frame load with its pages, not with the home page
        ...frame('src/app/guards/vendor-guard.tsx', async () => {
          return (await import('./guards/vendor-guard')).VendorGuard;
        }),
        children: [
          // '/vendor' itself: the area's start page (the guard sends visitors to the login)
          { index: true, loader: () => redirect('/vendor/dashboard') },
          {
            ...frame('src/app/layouts/vendor-layout.tsx', async () => {
              return (await import('./layouts/vendor-layout')).VendorLayout;
            }),
            children: [
              {
                path: 'dashboard',
                ...page('vendor/dashboard/dashboard-page', 'DashboardPage'),
              },
              {
                path: 'meine-buchungen',
                ...page('vendor/bookings/my-bookings-page', 'MyBookingsPage'),
              },
              {
                path: 'settings/cancel',
                ...page('vendor/contract/cancel-page', 'CancelPage'),
              },
              {
                path: 'profile',
                ...page('vendor/profile/profile-page', 'ProfilePage'),
              },
              {
                path: 'products',
                ...page('vendor/products/products-page', 'ProductsPage'),
              },
              {
                path: 'trial-info',
                ...page('vendor/contract/trial-info-page', 'TrialInfoPage'),
              },
              {
                path: 'upgrade',
                ...page('vendor/contract/upgrade-page', 'UpgradePage'),
              },
              {
                path: 'products/bestand',
                ...page('vendor/products/stock-page', 'StockPage'),
              },
              {
                path: 'products/inventuren',
                ...page('vendor/products/inventory-counts-page', 'InventoryCountsPage'),
              },
              {
                path: 'products/etiketten',
                ...page('vendor/products/labels-page', 'LabelsPage'),
              },
              {
                path: 'reports',
                ...page('vendor/reports/reports-page', 'ReportsPage'),
              },
              {
                path: 'housnkuh-invoices',
                ...page('vendor/documents/documents-page', 'HousnkuhInvoicesPage'),
              },
              {
                path: 'customer-invoices',
                ...page('vendor/documents/documents-page', 'CustomerInvoicesPage'),
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  adminRoutes,
];
