import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { AdminErrorText } from './admin-error-text';

// Two missing billing data are two lines (issue 31): the server's lead-in, then a list.
describe('AdminErrorText', () => {
  it('lists several reasons under the lead-in, one a line', () => {
    const error = new ApiError(
      'http',
      'Abschließen geht erst, wenn die Abrechnungsdaten vollständig sind: IBAN des Ladens fehlt; Steuernummer fehlt.',
      409,
      [],
      ['IBAN des Ladens fehlt', 'Steuernummer fehlt'],
    );
    render(<AdminErrorText error={error} />);
    expect(
      screen.getByText('Abschließen geht erst, wenn die Abrechnungsdaten vollständig sind:'),
    ).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'IBAN des Ladens fehlt',
      'Steuernummer fehlt',
    ]);
  });

  it('one reason: the server message itself', () => {
    render(
      <AdminErrorText
        error={
          new ApiError(
            'http',
            'Für den DATEV-Export fehlen die Berater- und die Mandantennummer (Einstellungen → Abrechnung).',
            409,
          )
        }
      />,
    );
    expect(screen.getByText(/Für den DATEV-Export fehlen/)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
