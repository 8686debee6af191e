import type { ApiError as ApiErrorBody, FieldError } from '@housnkuh/shared/schemas/common';
import type { z } from 'zod';

/**
 * The error body every API error has (`{ success: false, message, errors? }`),
 * checked by hand so this module does not pull zod into every page.
 */
function asErrorBody(data: unknown): ApiErrorBody | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const body = data as Record<string, unknown>;
  if (body.success !== false || typeof body.message !== 'string') return undefined;
  const errors = Array.isArray(body.errors)
    ? body.errors.filter(
        (e): e is string | FieldError =>
          typeof e === 'string' ||
          (typeof e === 'object' &&
            e !== null &&
            typeof (e as FieldError).field === 'string' &&
            typeof (e as FieldError).message === 'string'),
      )
    : undefined;
  return { success: false, message: body.message, ...(errors ? { errors } : {}) };
}

/** Base of every call: the API is served by the same origin (docs/product/brand-and-settings.md).
 * */
export const API_BASE = '/api';

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'setup' | 'invalid-response';

/** Everything that can go wrong with a call, with what the UI needs to explain it. */
export class ApiError extends Error {
  constructor(
    public readonly kind: ApiErrorKind,
    /** The server's message, when it sent one. */
    public readonly serverMessage: string | undefined,
    public readonly status?: number,
    public readonly fieldErrors: FieldError[] = [],
    public readonly messages: string[] = [],
    public readonly detail?: string,
  ) {
    super(serverMessage ?? `${kind}${status ? ` ${status}` : ''}`);
    this.name = 'ApiError';
  }
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A file sent as the body itself, its type as Content-Type (instead of a JSON body). */
  file?: Blob;
  /** Parses a successful answer; the shared schema of the call. */
  schema: z.ZodType<T>;
  /** Milliseconds until the call is given up. */
  timeoutMs?: number;
  token?: string | undefined;
  /** Also sends the token in the legacy x-auth-token header (the admin's calls, spec §6). */
  legacyTokenHeader?: boolean;
  signal?: AbortSignal | undefined;
}

/** The one fetch wrapper of the app: JSON in, JSON out, parsed by the shared schemas. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    options.timeoutMs !== undefined
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, options.timeoutMs)
      : undefined;
  options.signal?.addEventListener('abort', () => controller.abort());

  let response: Response;
  try {
    let init: RequestInit;
    try {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (options.file) headers['content-type'] = options.file.type || 'application/octet-stream';
      else if (options.body !== undefined) headers['content-type'] = 'application/json';
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.token && options.legacyTokenHeader) headers['x-auth-token'] = options.token;
      init = {
        method: options.method ?? (options.body !== undefined || options.file ? 'POST' : 'GET'),
        headers,
        body:
          options.file ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
        signal: controller.signal,
        credentials: 'same-origin',
      };
    } catch (error) {
      throw new ApiError('setup', undefined, undefined, [], [], String(error));
    }
    try {
      response = await fetch(`${API_BASE}${path}`, init);
    } catch (error) {
      throw new ApiError(
        timedOut ? 'timeout' : 'network',
        undefined,
        undefined,
        [],
        [],
        String(error),
      );
    }

    let data: unknown;
    try {
      data = await response.json();
    } catch {
      data = undefined;
    }

    if (!response.ok) {
      const body = asErrorBody(data);
      const errors = body?.errors ?? [];
      throw new ApiError(
        'http',
        body?.message,
        response.status,
        errors.filter((e): e is FieldError => typeof e === 'object'),
        errors.map((e) => (typeof e === 'string' ? e : e.message)),
        body ? undefined : `HTTP ${response.status} ${response.statusText}`,
      );
    }
    const parsed = options.schema.safeParse(data);
    if (!parsed.success) {
      throw new ApiError(
        'invalid-response',
        undefined,
        response.status,
        [],
        [],
        parsed.error.message,
      );
    }
    return parsed.data;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(
      timedOut ? 'timeout' : 'network',
      undefined,
      undefined,
      [],
      [],
      String(error),
    );
  } finally {
    if (timer) clearTimeout(timer);
  }
}
