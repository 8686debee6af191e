import { lazy } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { WhenNearViewport } from '../components/lazy-section';
import { HomePage } from '../features/home/home-page';
import { ErrorScreen } from './error-screen';
import { VendorGuard } from './guards/vendor-guard';
import { PublicLayout } from './layouts/public-layout';
import { VendorLayout } from './layouts/vendor-layout';
import { NotFoundPage } from './not-found-page';
import { adminRoutes } from './admin-routes';
import { page } from './lazy-page';

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
        ...page('newsletter/newsletter-confirm-page', 'NewsletterConfirmPage'),
      },
      {
        path: 'newsletter/abmelden',
        ...page('newsletter/newsletter-unsubscribe-page', 'NewsletterUnsubscribePage'),
      },
      {
        path: 'direktvermarkter',
        ...page('producers/producers-landing-page', 'ProducersLandingPage'),
      },
      {
        path: 'direktvermarkter/uebersicht',
        ...page('directory/directory-page', 'DirectoryPage', { serverData: ['directoryDefault'] }),
      },
      {
        path: 'direktvermarkter/karte',
        ...page('directory/vendor-map-page', 'VendorMapPage'),
      },
      {
        path: 'direktvermarkter/:id',
        ...page('directory/vendor-profile-page', 'VendorProfilePage', {
          serverData: ['vendorProfile'],
        }),
      },
      {
        path: 'standort',
        ...page('location/location-page', 'LocationPage'),
      },
      {
        path: 'mieten',
        ...page('location/rent-page', 'RentPage'),
      },
      {
        path: 'kontakt',
        ...page('contact/contact-page', 'ContactPage'),
      },
      {
        path: 'faq',
        ...page('faq/faq-page', 'FaqPage', { serverData: ['faqs'] }),
      },
      {
        path: 'vendors',
        ...page('contest/contest-page', 'ContestPage'),
      },
      {
        path: 'impressum',
        ...page('legal/impressum-page', 'ImpressumPage'),
      },
      {
        path: 'datenschutz',
        ...page('legal/datenschutz-page', 'DatenschutzPage'),
      },
      {
        path: 'agb',
        ...page('legal/agb-page', 'AgbPage'),
      },
      {
        path: 'pricing',
        ...page('pricing/pricing-page', 'PricingPage'),
      },
      {
        path: 'vendor/login',
        ...page('vendor-account/vendor-login-page', 'VendorLoginPage'),
      },
      {
        path: 'vendor/confirm',
        ...page('vendor-account/vendor-confirm-page', 'VendorConfirmPage'),
      },
      {
        path: 'vendor/passwort-vergessen',
        ...page('vendor-account/forgot-password-page', 'ForgotPasswordPage'),
      },
      {
        path: 'vendor/passwort-zuruecksetzen',
        ...page('vendor-account/reset-password-page', 'ResetPasswordPage'),
      },
      {
        path: 'vendor',
        element: <VendorGuard />,
        children: [
          // '/vendor' itself: the area's start page (the guard sends visitors to the login)
          { index: true, loader: () => redirect('/vendor/dashboard') },
          {
            element: <VendorLayout />,
            children: [
              {
                path: 'dashboard',
                ...page('vendor-area/dashboard-page', 'DashboardPage'),
              },
              {
                path: 'meine-buchungen',
                ...page('vendor-area/my-bookings-page', 'MyBookingsPage'),
              },
              {
                path: 'settings/cancel',
                ...page('vendor-area/cancel-page', 'CancelPage'),
              },
              {
                path: 'profile',
                ...page('vendor-area/profile-page', 'ProfilePage'),
              },
              {
                path: 'trial-info',
                ...page('vendor-area/trial-info-page', 'TrialInfoPage'),
              },
              {
                path: 'upgrade',
                ...page('vendor-area/upgrade-page', 'UpgradePage'),
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
