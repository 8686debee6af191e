import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { WhenNearViewport } from '../components/lazy-section';
import { HomePage } from '../features/home/home-page';
import { ErrorScreen } from './error-screen';
import { VendorGuard } from './guards/vendor-guard';
import { PublicLayout } from './layouts/public-layout';
import type { RouteHandle } from './server-data';
import { NotFoundPage } from './not-found-page';

const NewsletterForm = lazy(async () => ({
  default: (await import('../features/newsletter/components/newsletter-form')).NewsletterForm,
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
        lazy: async () => ({
          Component: (await import('../features/newsletter/newsletter-confirm-page'))
            .NewsletterConfirmPage,
        }),
      },
      {
        path: 'direktvermarkter',
        lazy: async () => ({
          Component: (await import('../features/producers/producers-landing-page'))
            .ProducersLandingPage,
        }),
      },
      {
        path: 'direktvermarkter/uebersicht',
        handle: { serverData: ['directoryDefault'] } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/directory/directory-page')).DirectoryPage,
        }),
      },
      {
        path: 'direktvermarkter/karte',
        lazy: async () => ({
          Component: (await import('../features/directory/vendor-map-page')).VendorMapPage,
        }),
      },
      {
        path: 'direktvermarkter/:id',
        handle: { serverData: ['vendorProfile'] } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/directory/vendor-profile-page')).VendorProfilePage,
        }),
      },
      {
        path: 'standort',
        lazy: async () => ({
          Component: (await import('../features/location/location-page')).LocationPage,
        }),
      },
      {
        path: 'mieten',
        lazy: async () => ({
          Component: (await import('../features/location/rent-page')).RentPage,
        }),
      },
      {
        path: 'kontakt',
        lazy: async () => ({
          Component: (await import('../features/contact/contact-page')).ContactPage,
        }),
      },
      {
        path: 'faq',
        handle: { serverData: ['faqs'] } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/faq/faq-page')).FaqPage,
        }),
      },
      {
        path: 'vendors',
        lazy: async () => ({
          Component: (await import('../features/contest/contest-page')).ContestPage,
        }),
      },
      {
        path: 'impressum',
        lazy: async () => ({
          Component: (await import('../features/legal/impressum-page')).ImpressumPage,
        }),
      },
      {
        path: 'datenschutz',
        lazy: async () => ({
          Component: (await import('../features/legal/datenschutz-page')).DatenschutzPage,
        }),
      },
      {
        path: 'agb',
        lazy: async () => ({
          Component: (await import('../features/legal/agb-page')).AgbPage,
        }),
      },
      {
        path: 'pricing',
        lazy: async () => ({
          Component: (await import('../features/pricing/pricing-page')).PricingPage,
        }),
      },
      {
        path: 'vendor/login',
        lazy: async () => ({
          Component: (await import('../features/vendor-account/vendor-login-page')).VendorLoginPage,
        }),
      },
      {
        path: 'vendor/confirm',
        lazy: async () => ({
          Component: (await import('../features/vendor-account/vendor-confirm-page'))
            .VendorConfirmPage,
        }),
      },
      {
        path: 'vendor/passwort-vergessen',
        lazy: async () => ({
          Component: (await import('../features/vendor-account/forgot-password-page'))
            .ForgotPasswordPage,
        }),
      },
      {
        path: 'vendor/passwort-zuruecksetzen',
        lazy: async () => ({
          Component: (await import('../features/vendor-account/reset-password-page'))
            .ResetPasswordPage,
        }),
      },
      {
        path: 'vendor',
        element: <VendorGuard />,
        children: [
          {
            path: 'dashboard',
            lazy: async () => ({
              Component: (await import('../features/vendor-dashboard/dashboard-page'))
                .DashboardPage,
            }),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
