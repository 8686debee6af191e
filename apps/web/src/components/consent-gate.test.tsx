import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { saveConsent } from '../lib/consent';
import { ConsentGate } from './consent-gate';

describe('ConsentGate', () => {
  it('shows a placeholder until the visitor loads the content once', async () => {
    const user = userEvent.setup();
    render(
      <ConsentGate provider="Instagram" what="den Instagram-Feed">
        <p>Feed</p>
      </ConsentGate>,
    );
    expect(screen.queryByText('Feed')).toBeNull();
    expect(screen.getByText(/Beim Laden überträgt dein Browser Daten/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Den Instagram-Feed laden' }));
    expect(screen.getByText('Feed')).toBeVisible();
    expect(localStorage.getItem('cookie-consent')).toBeNull();
  });

  it('shows the content at once after consent, also when it is given later', () => {
    render(
      <ConsentGate provider="OpenStreetMap" what="die Karte">
        <p>Karte</p>
      </ConsentGate>,
    );
    expect(screen.queryByText('Karte')).toBeNull();
    act(() => saveConsent('accepted'));
    expect(screen.getByText('Karte')).toBeVisible();
  });
});
