import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorSummary } from './error-summary';
import { SubmitOutcome } from './submit-outcome';
import type { FormOutcome } from './use-schema-form';

type Outcome = FormOutcome<{ email: string }, { message: string }>;

const success: Outcome = {
  state: 'success',
  message: 'Danke!',
  result: { message: 'Danke!' },
  values: { email: 'anna@beispiel.de' },
};
const failure = (attempt: number): Outcome => ({
  state: 'error',
  message: 'Keine Antwort vom Server.',
  error: new Error('network'),
  fieldErrors: [],
  values: { email: 'anna@beispiel.de' },
  attempt,
});

describe('SubmitOutcome', () => {
  it('shows nothing but the live region while idle', () => {
    const { container } = render(<SubmitOutcome outcome={{ state: 'idle' }} errorTitle="Fehler" />);
    expect(container.innerHTML).toBe('<div aria-live="polite"></div>');
  });

  it('a success: a status box with title, message and more, focused', () => {
    render(
      <SubmitOutcome
        outcome={success}
        successTitle="Gesendet"
        success={(outcome) => <p>An {outcome.values.email}</p>}
      />,
    );
    const box = screen.getByRole('status');
    expect(box).toHaveTextContent('GesendetDanke!An anna@beispiel.de');
    expect(box).toHaveFocus();
  });

  it('a failure: an alert with title, message and more; a new attempt is a new box', () => {
    const { rerender } = render(
      <SubmitOutcome
        outcome={failure(1)}
        errorTitle="Nicht gesendet"
        error={(outcome) => <p>Versuch {outcome.attempt}</p>}
      />,
    );
    const first = screen.getByRole('alert');
    expect(first).toHaveTextContent('Nicht gesendetKeine Antwort vom Server.Versuch 1');
    expect(first).toHaveFocus();
    rerender(<SubmitOutcome outcome={failure(2)} errorTitle="Nicht gesendet" />);
    expect(screen.getByRole('alert')).not.toBe(first);
    expect(screen.getByRole('alert')).toHaveFocus();
  });

  it('show and live: one of the two only, without a live region', () => {
    const { container, rerender } = render(
      <SubmitOutcome outcome={success} show="error" live={false} errorTitle="Fehler" />,
    );
    expect(container.innerHTML).toBe('');
    rerender(<SubmitOutcome outcome={failure(1)} show="error" live={false} errorTitle="Fehler" />);
    expect(screen.getByRole('alert').parentElement).toBe(container);
    rerender(<SubmitOutcome outcome={failure(1)} show="success" errorTitle="Fehler" />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('ErrorSummary', () => {
  it('lists the fields by their labels (unknown ones by name), in a focused alert', () => {
    render(
      <ErrorSummary
        title="Bitte korrigiere die markierten Felder"
        errors={[
          { field: 'email', message: 'Diese E-Mail-Adresse ist bereits registriert.' },
          { field: 'packageData.rentalDuration', message: 'Ungültig' },
          { field: 'other', message: 'Fehlt' },
        ]}
        labels={{ email: 'E-Mail', packageData: 'Paket' }}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveFocus();
    expect(alert).toHaveTextContent('Bitte korrigiere die markierten Felder');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'E-Mail: Diese E-Mail-Adresse ist bereits registriert.',
      'Paket: Ungültig',
      'other: Fehlt',
    ]);
  });

  it('without field errors: the title alone, no list', () => {
    render(<ErrorSummary title="Keine Antwort" errors={[]} labels={{}} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Keine Antwort');
    expect(screen.queryByRole('list')).toBeNull();
  });
});
