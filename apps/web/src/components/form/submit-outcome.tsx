import type { ReactNode } from 'react';
import { Alert } from '../ui/alert';
import type { FormOutcome } from './use-schema-form';

type Shown<T, R, S extends FormOutcome<T, R>['state']> = Extract<FormOutcome<T, R>, { state: S }>;

/**
 * The answer to a form's submit: a success box or an error box that takes
 * focus when it appears (and again on every new failure), inside a polite
 * live region unless `live` is false (for a box that replaces the form, or
 * sits in a region of its own).
 */
export function SubmitOutcome<T, R>({
  outcome,
  successTitle,
  errorTitle,
  success,
  error,
  show = 'both',
  live = true,
}: {
  outcome: FormOutcome<T, R>;
  successTitle?: string;
  errorTitle?: string;
  /** More for the success box, after the message. */
  success?: (outcome: Shown<T, R, 'success'>) => ReactNode;
  /** More for the error box, after the message. */
  error?: (outcome: Shown<T, R, 'error'>) => ReactNode;
  /** Only one of the two here (the other shown elsewhere, or not at all). */
  show?: 'both' | 'success' | 'error';
  live?: boolean;
}) {
  let box: ReactNode = null;
  if (outcome.state === 'success' && show !== 'error') {
    box = (
      <Alert tone="success" focusOnShow {...(successTitle ? { title: successTitle } : {})}>
        {outcome.message && <p>{outcome.message}</p>}
        {success?.(outcome)}
      </Alert>
    );
  } else if (outcome.state === 'error' && show !== 'success') {
    box = (
      <Alert
        key={outcome.attempt}
        tone="error"
        focusOnShow
        {...(errorTitle ? { title: errorTitle } : {})}
      >
        <p>{outcome.message}</p>
        {error?.(outcome)}
      </Alert>
    );
  }
  return live ? <div aria-live="polite">{box}</div> : box;
}
