import { EMAIL_MAX, PASSWORD_MAX, PHONE_MAX } from '@housnkuh/shared/limits';
import type { ComponentProps } from 'react';
import {
  get,
  useFormState,
  useWatch,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { TextAreaField, TextField } from '../ui/field';

/** What every field of the kit takes: the form, the field's name, and a message of its own. */
export interface Bound<T extends FieldValues, C> {
  /** The form of useSchemaForm (or react-hook-form's useForm). */
  form: UseFormReturn<T, C, unknown>;
  name: Path<T>;
  /** Replaces the form's message for the field (a wizard's own rules, say). */
  error?: string | undefined;
}

/** The message react-hook-form holds for `name` (a nested one too: 'guessedVendors.0'). */
export function useFieldError<T extends FieldValues, C>(
  form: UseFormReturn<T, C, unknown>,
  name: Path<T>,
): string | undefined {
  const { errors } = useFormState({ control: form.control, name });
  const message = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

export type TextProps = Omit<
  ComponentProps<typeof TextField>,
  'form' | 'name' | 'error' | 'ref'
> & {
  /** The form's value for the text typed (a day: empty is none). */
  setValueAs?: (value: string) => unknown;
};

/**
 * A labelled input registered with the form: its value, its message beside
 * it (aria-describedby) and aria-invalid. Uncontrolled, so a value entered
 * before the page was interactive stays and is sent.
 */
export function FormTextField<T extends FieldValues, C = unknown>({
  form,
  name,
  error,
  setValueAs,
  ...props
}: Bound<T, C> & TextProps) {
  const message = useFieldError(form, name);
  const field = form.register(name, setValueAs ? { setValueAs } : undefined);
  return <TextField {...props} error={error ?? message} {...field} />;
}

/**
 * The e-mail address of a form: "E-Mail-Adresse", required, at most EMAIL_MAX characters; a
 * login field says so with `autoComplete="username"`.
 */
export function FormEmailField<T extends FieldValues, C = unknown>({
  autoComplete = 'email',
  ...props
}: Bound<T, C> & Omit<TextProps, 'label' | 'type' | 'required' | 'maxLength'>) {
  return (
    <FormTextField
      {...props}
      label="E-Mail-Adresse"
      type="email"
      autoComplete={autoComplete}
      required
      maxLength={EMAIL_MAX}
    />
  );
}

/** A person's name: "Name" unless the form says otherwise, required, as the browser fills it. */
export function FormNameField<T extends FieldValues, C = unknown>({
  label = 'Name',
  ...props
}: Bound<T, C> &
  Omit<TextProps, 'label' | 'autoComplete' | 'required' | 'maxLength'> & {
    label?: string;
    maxLength: number;
  }) {
  return <FormTextField {...props} label={label} autoComplete="name" required />;
}

/** A phone number: "Telefon" unless the form says otherwise, optional, at most PHONE_MAX. */
export function FormPhoneField<T extends FieldValues, C = unknown>({
  label = 'Telefon',
  ...props
}: Bound<T, C> &
  Omit<TextProps, 'label' | 'type' | 'autoComplete' | 'optional' | 'maxLength'> & {
    label?: string;
  }) {
  return (
    <FormTextField
      {...props}
      label={label}
      type="tel"
      autoComplete="tel"
      optional
      maxLength={PHONE_MAX}
    />
  );
}

/** A password field: hidden input, at most PASSWORD_MAX characters; `autoComplete` says which. */
export function FormPasswordField<T extends FieldValues, C = unknown>(
  props: Bound<T, C> &
    Omit<TextProps, 'type' | 'maxLength' | 'autoComplete'> & {
      autoComplete: 'current-password' | 'new-password';
    },
) {
  return <FormTextField {...props} type="password" maxLength={PASSWORD_MAX} />;
}

type TextAreaProps = Omit<
  ComponentProps<typeof TextAreaField>,
  'form' | 'name' | 'error' | 'ref' | 'counter'
> & {
  /** Shows 'n / max Zeichen' and limits the field to max characters. */
  max?: number;
};

/** A labelled multi-line field registered with the form, with an optional counter. */
export function FormTextAreaField<T extends FieldValues, C = unknown>({
  form,
  name,
  error,
  max,
  ...props
}: Bound<T, C> & TextAreaProps) {
  const message = useFieldError(form, name);
  const value: unknown = useWatch({ control: form.control, name });
  const field = form.register(name);
  return (
    <TextAreaField
      {...props}
      {...(max !== undefined
        ? {
            maxLength: max,
            counter: { length: typeof value === 'string' ? value.length : 0, max },
          }
        : {})}
      error={error ?? message}
      {...field}
    />
  );
}
