import type { FieldError } from '@housnkuh/shared/schemas/common';
import {
  useCallback,
  useRef,
  useState,
  type FocusEventHandler,
  type FormEventHandler,
} from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { ApiError } from '../../lib/api';
import { FormFailure } from './form-failure';

/** What the last submit came to; shown by SubmitOutcome. */
export type FormOutcome<T, R> =
  | { state: 'idle' }
  | { state: 'success'; message: string; result: R; values: T }
  | {
      state: 'error';
      message: string;
      /** What was thrown: an ApiError, a FormFailure or anything else. */
      error: unknown;
      /** The server's (or the FormFailure's) field errors, also set on the fields. */
      fieldErrors: FieldError[];
      /** The values that were sent. */
      values: T;
      /** Counts the failures, so the same message is announced and focused again. */
      attempt: number;
    };

/**
 * T: the form's values; B: what the schema makes of them, which is sent (the
 * parsed values, or the request body of lazyZodResolver's `toBody`).
 */
export interface SchemaFormOptions<T extends FieldValues, R, C = unknown, B = T> {
  /**
   * Validation of the values: `lazyZodResolver(…)` of the shared schema (loaded
   * on first use, created once per module), or any react-hook-form resolver.
   */
  validation: { resolver: Resolver<T, C, B>; prefetch?: () => void };
  defaultValues: DefaultValues<NoInfer<T>>;
  /**
   * Sends the values as the schema parsed them: usually a TanStack mutation's
   * `mutateAsync`. Throws on failure.
   */
  submit: (values: B) => Promise<R>;
  /**
   * The calls of further submit buttons, by name (Vorschau beside Speichern):
   * the button with `actionProps(name)` sends the form to `actions[name]`,
   * checked by the same schema; the others (and Enter) to `submit`.
   */
  actions?: Readonly<Record<string, (values: B) => Promise<R>>>;
  /** The mutation's `isPending`; without it the form is busy while `submit` runs. */
  pending?: boolean;
  /**
   * The outcome's text for a failure (an ApiError or anything thrown but a
   * FormFailure); `onFields` are the server's field errors now shown beside
   * their fields, which the text need not repeat.
   */
  errorMessage: (error: unknown, onFields: readonly FieldError[]) => string;
  /** The outcome's text for a success; by default the answer's `message`. */
  successMessage?: (result: R) => string;
  /** After a success, before the outcome is shown (navigate, next step …). */
  onSuccess?: (result: R, values: B) => void | Promise<void>;
  /** Empties the fields after a success (to their default values). */
  resetOnSuccess?: boolean;
  /**
   * Which server field errors are put beside their fields (by the field's
   * first path segment); by default every field of `defaultValues`.
   */
  serverFields?: readonly string[];
  /** react-hook-form's validation mode and resolver context (a wizard's step, say). */
  mode?: 'onSubmit' | 'onBlur' | 'onChange' | 'onTouched' | 'all';
  context?: C;
}

export interface SchemaForm<T extends FieldValues, R, C = unknown, B = T> {
  form: UseFormReturn<T, C, B>;
  outcome: FormOutcome<B, R>;
  /** True while the values are being sent. */
  busy: boolean;
  /** Validates and sends, as the form's onSubmit. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Back to no outcome (e.g. when a dialog switches what it asks for). */
  clearOutcome: () => void;
  /** Spread onto a further submit button: it sends the form to `actions[name]`. */
  actionProps: (name: string) => { onClick: () => void };
  /** The action of the last submit (undefined: `submit`), for busy labels and outcomes. */
  action: string | undefined;
  /**
   * Spread onto the <form>: posted (never a GET with the fields in the
   * address), the browser's own validation off (the schema's messages
   * instead), busy while sending, and the schema fetched on first focus.
   */
  formProps: {
    method: 'post';
    noValidate: true;
    'aria-busy': boolean;
    onSubmit: FormEventHandler<HTMLFormElement>;
    onFocus: FocusEventHandler<HTMLFormElement> | undefined;
  };
}

function messageOf(result: unknown): string {
  const message = (result as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' ? message : '';
}

/**
 * A form driven by a shared zod schema: react-hook-form for the fields, the
 * schema for the messages beside them, and one submit path for every form —
 * the call, the server's field errors onto their fields, every other failure
 * (and the success) into `outcome`, shown by SubmitOutcome.
 */
export function useSchemaForm<T extends FieldValues, R, C = unknown, B = T>(
  options: SchemaFormOptions<T, R, C, B>,
): SchemaForm<T, R, C, B> {
  const form = useForm<T, C, B>({
    resolver: options.validation.resolver,
    defaultValues: options.defaultValues,
    ...(options.mode ? { mode: options.mode } : {}),
    ...(options.context !== undefined ? { context: options.context } : {}),
  });
  const [outcome, setOutcome] = useState<FormOutcome<B, R>>({ state: 'idle' });
  const attempts = useRef(0);
  const chosen = useRef<string | undefined>(undefined);
  const [action, setAction] = useState<string | undefined>(undefined);
  const clearOutcome = useCallback(() => setOutcome({ state: 'idle' }), []);

  const send = async (values: B, name: string | undefined) => {
    const current = options;
    setOutcome({ state: 'idle' });
    let result: R;
    try {
      result = await ((name && current.actions?.[name]) || current.submit)(values);
    } catch (error) {
      const failure = error instanceof FormFailure || error instanceof ApiError ? error : null;
      const fieldErrors = failure?.fieldErrors ?? [];
      const known = current.serverFields ?? Object.keys(current.defaultValues ?? {});
      const onFields = fieldErrors.filter((fieldError) =>
        known.includes(fieldError.field.split('.')[0]!),
      );
      // a field with several reasons shows them all
      const byField = new Map<string, string[]>();
      for (const { field, message } of onFields) {
        const messages = byField.get(field) ?? [];
        if (!messages.includes(message)) messages.push(message);
        byField.set(field, messages);
      }
      for (const [field, messages] of byField) {
        form.setError(
          field as Path<T>,
          { type: 'server', message: messages.join(' ') },
          { shouldFocus: false },
        );
      }
      attempts.current += 1;
      setOutcome({
        state: 'error',
        message:
          error instanceof FormFailure ? error.message : current.errorMessage(error, onFields),
        error,
        fieldErrors,
        values,
        attempt: attempts.current,
      });
      return;
    }
    if (current.resetOnSuccess) form.reset(current.defaultValues);
    await current.onSuccess?.(result, values);
    setOutcome({
      state: 'success',
      message: (current.successMessage ?? messageOf)(result),
      result,
      values,
    });
  };
  // handleSubmit is called when the form is sent, not while rendering
  // (the button's click comes just before the form's submit event; the choice holds for that one)
  const onSubmit: FormEventHandler<HTMLFormElement> = (event) => {
    const name = chosen.current;
    chosen.current = undefined;
    setAction(name);
    // send() turns every failure into the outcome: the promise never rejects
    void form.handleSubmit((values) => send(values, name))(event);
  };

  const busy = options.pending ?? form.formState.isSubmitting;
  return {
    form,
    outcome,
    busy,
    onSubmit,
    clearOutcome,
    actionProps: (name) => ({
      onClick: () => {
        chosen.current = name;
      },
    }),
    action,
    formProps: {
      method: 'post',
      noValidate: true,
      'aria-busy': busy,
      onSubmit,
      onFocus: options.validation.prefetch,
    },
  };
}
