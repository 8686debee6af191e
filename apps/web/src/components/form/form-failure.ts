import type { FieldError } from '@housnkuh/shared/schemas/common';

/**
 * A failure a form's submit function reports itself, when its call answers
 * with a result instead of throwing (a login that returns a status, a wizard
 * step that finds the e-mail address taken): the message for the outcome, and
 * field errors to put beside their fields. useSchemaForm treats it like an
 * ApiError, but takes its message as it is.
 */
export class FormFailure extends Error {
  readonly fieldErrors: FieldError[];
  /** The HTTP status behind the failure, when there was one. */
  readonly status: number | undefined;

  constructor(message: string, options: { fieldErrors?: FieldError[]; status?: number } = {}) {
    super(message);
    this.name = 'FormFailure';
    this.fieldErrors = options.fieldErrors ?? [];
    this.status = options.status;
  }
}
