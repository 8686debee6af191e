import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { WhenNearViewport } from '../components/lazy-section';
import { HomePage } from '../features/home/home-page';
import { ErrorScreen } from './error-screen';
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
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
