import { RETENTION_DAYS } from '@housnkuh/shared/retention';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../../test-utils';
import { DatenschutzPage } from './datenschutz-page';

describe('DatenschutzPage', () => {
  it('states the retention periods the server applies', () => {
    renderWithRouter(<DatenschutzPage />);
    const text = (start: string) =>
      screen.getByText(
        (_, element) => element?.tagName === 'P' && element.textContent!.startsWith(start),
      ).textContent;
    expect(text('Bestätigst du die Anmeldung nicht')).toBe(
      `Bestätigst du die Anmeldung nicht, löschen wir deine Angaben samt Einwilligungsnachweis ${RETENTION_DAYS.unconfirmedNewsletter} Tage nach Ablauf des Bestätigungslinks automatisch.`,
    );
    expect(text('Bestätigst du deine E-Mail-Adresse')).toBe(
      `Bestätigst du deine E-Mail-Adresse nach der Registrierung nicht, löschen wir das Konto samt Buchungsanfrage ${RETENTION_DAYS.unconfirmedAccounts} Tage nach der Registrierung automatisch.`,
    );
    expect(text('Eine Kopie jeder E-Mail')).toContain(
      `Eine Kopie jeder E-Mail bewahren wir ${RETENTION_DAYS.mails} Tage nach dem Versand auf`,
    );
    expect(text('Eine Kopie jeder E-Mail')).toContain(
      `Auch E-Mails, die sich nicht zustellen ließen, löschen wir nach ${RETENTION_DAYS.mails} Tagen.`,
    );
  });
});
