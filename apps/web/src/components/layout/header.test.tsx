import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test-utils';
import { Header } from './header';

describe('Header', () => {
  it('links the logo home and shows the top navigation with the login entry', () => {
    renderWithRouter(<Header />);
    expect(screen.getByRole('link', { name: 'housnkuh – zur Startseite' })).toHaveAttribute(
      'href',
      '/',
    );
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Direktvermarkter', '/direktvermarkter'],
      ['Standort', '/standort'],
      ['Verkaufsfläche mieten', '/pricing'],
      ['Kontakt', '/kontakt'],
      ['Login', '/vendor/login'],
    ]);
  });

  it('becomes compact once the page is scrolled more than 10 px', () => {
    const { container } = renderWithRouter(<Header />);
    const header = container.querySelector('header')!;
    expect(header).toHaveAttribute('data-compact', 'false');
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 10, configurable: true });
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-compact', 'false');
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 11, configurable: true });
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-compact', 'true');
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-compact', 'false');
  });

  it('opens and closes the mobile menu, also with Escape', async () => {
    const user = userEvent.setup();
    renderWithRouter(<Header />);
    const toggle = screen.getByRole('button', { name: 'Menü öffnen' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile Navigation' })).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Menü schließen');
    const mobile = screen.getByRole('navigation', { name: 'Mobile Navigation' });
    expect(within(mobile).getByRole('link', { name: 'Direktvermarkter Login' })).toHaveAttribute(
      'href',
      '/vendor/login',
    );

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the mobile menu when a link is followed', async () => {
    const user = userEvent.setup();
    renderWithRouter(<Header />);
    await user.click(screen.getByRole('button', { name: 'Menü öffnen' }));
    const mobile = screen.getByRole('navigation', { name: 'Mobile Navigation' });
    await user.click(within(mobile).getByRole('link', { name: 'Standort' }));
    expect(screen.getByRole('button', { name: 'Menü öffnen' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
