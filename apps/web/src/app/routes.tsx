import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { WhenNearViewport } from '../components/lazy-section';
import { HomePage } from '../features/home/home-page';
import { ErrorScreen } from './error-screen';
import { PublicLayout } from './layouts/public-layout';
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
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
