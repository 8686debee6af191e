import type { FieldError } from '@housnkuh/shared/schemas/common';

/**
 * The failures a service may report. Services throw these, never HTTP errors;
 * plugins/errors.ts answers each with its status and the API's error body
 * `{ success: false, message, errors? }` (docs/decisions/0013).
 */
export abstract class DomainError extends Error {
  /** The HTTP status the errors plugin answers with. */
  abstract readonly status: number;

  constructor(
    message: string,
    /** Field errors (`{ field, message }`), or plain strings where the route's contract says so. */
    public readonly errors?: FieldError[] | string[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The input is wrong (400); `errors` names the fields. */
export class InvalidError extends DomainError {
  readonly status = 400;
}

/** Who is asking is not known: no or no valid session, wrong password (401). */
export class UnauthenticatedError extends DomainError {
  readonly status = 401;
}

/** The caller is known but may not do this (403). */
export class ForbiddenError extends DomainError {
  readonly status = 403;
}

/** The thing asked for does not exist, or is not the caller's to see (404). */
export class NotFoundError extends DomainError {
  readonly status = 404;
}

/** The request contradicts the current state: a duplicate, a step no longer possible (409). */
export class ConflictError extends DomainError {
  readonly status = 409;
}

/** The thing existed but is used up for good, e.g. an expired link (410). */
export class GoneError extends DomainError {
  readonly status = 410;
}

/** Too many attempts; try again later (429). */
export class TooManyAttemptsError extends DomainError {
  readonly status = 429;

  constructor(
    message: string,
    /** Seconds until the next attempt may succeed, sent as retry-after when known. */
    public readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** A service this one depends on does not answer right now (503). */
export class UnavailableError extends DomainError {
  readonly status = 503;
}
