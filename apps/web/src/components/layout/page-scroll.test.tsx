import { act, fireEvent, render } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageScroll } from './page-scroll';

function scrolledTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
}

afterEach(() => vi.restoreAllMocks());

describe('PageScroll', () => {
  it('leaves a page where the visitor scrolled it; a new page starts at its top, back returns to the place', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <Outlet />
              <PageScroll />
            </>
          ),
          children: [
            { path: '/', element: <p>Start</p> },
            { path: '/faq', element: <p>FAQ</p> },
            { path: '/vendors', element: <p>Direktvermarkter</p> },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    scrolledTo(300); // before the app took the page over
    render(<RouterProvider router={router} />);
    expect(scrollTo).not.toHaveBeenCalled();

    await act(() => router.navigate('/faq'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    act(() => scrolledTo(120));

    await act(() => router.navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 300);
    await act(() => router.navigate(1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 120);

    scrollTo.mockClear();
    await act(() => router.navigate('/vendors?kategorie=obst', { preventScrollReset: true }));
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/vendors?kategorie=wurst'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });
});
