import { z } from './zod';
import { EMAIL_MAX, PHONE_MAX } from '../limits';
import { VALIDATION } from '../messages';

/** Text fields that go into mail headers or single-line displays may not contain line breaks. */
const LINE_BREAK = /[\r\n\u2028\u2029]/;
/**
 * Control characters (C0 including tab, DEL, C1) never belong in user text; a
 * NUL cannot even be stored. Line breaks are judged separately.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** A carriage return counts as a line break only as part of \r\n. */
const LONE_CARRIAGE_RETURN = /\r(?!\n)/;

/**
 * The one rule for the characters of every text field: no control characters,
 * and line breaks (\n, \r\n) only in multi-line fields (descriptions, messages,
 * comments, reasons). Fields with a fixed format (e-mail, phone) leave line
 * breaks to their format check ('format'), whose message fits better. Wraps a
 * string schema, checks before the schema's later checks, and keeps its type.
 */
export function plainText<T extends z.ZodString>(
  schema: T,
  lines: 'single-line' | 'multi-line' | 'format' = 'single-line',
): T {
  return schema
    .refine(
      (value) =>
        !CONTROL.test(value) && !(lines === 'multi-line' && LONE_CARRIAGE_RETURN.test(value)),
      { error: VALIDATION.controlCharacters, abort: true },
    )
    .refine((value) => lines !== 'single-line' || !LINE_BREAK.test(value), {
      error: VALIDATION.singleLine,
    });
}

/** A required single-line text: trimmed, not empty, at most `max` characters. */
export function requiredLine(required: string, max: number) {
  return plainText(z.string({ error: required }).trim())
    .min(1, { error: required })
    .max(max, { error: VALIDATION.tooLong(max) });
}

/** An optional single-line text: empty or missing becomes undefined. */
export function optionalLine(max: number) {
  return plainText(z.string({ error: VALIDATION.tooLong(max) }).trim())
    .max(max, { error: VALIDATION.tooLong(max) })
    .optional()
    .nullable()
    .transform((value) => (value ? value : undefined));
}

/** A required multi-line text. */
export function requiredText(required: string, max: number) {
  return plainText(z.string({ error: required }).trim(), 'multi-line')
    .min(1, { error: required })
    .max(max, { error: VALIDATION.tooLong(max) });
}

/** An optional multi-line text (comments, reasons): blank or missing becomes undefined. */
export function optionalText(max: number, tooLong: string = VALIDATION.tooLong(max)) {
  return plainText(z.string({ error: tooLong }).trim(), 'multi-line')
    .max(max, { error: tooLong })
    .optional()
    .nullable()
    .transform((value) => (value ? value : undefined));
}

export { EMAIL_MAX };

/**
 * An e-mail address: trimmed and lower-cased. `required` is shown when the
 * field is missing or empty, `invalid` when the format is wrong.
 */
export function emailField(invalid: string, required: string = invalid) {
  return plainText(z.string({ error: required }).trim(), 'format')
    .min(1, { error: required })
    .max(EMAIL_MAX, { error: invalid })
    .pipe(z.email({ error: invalid }))
    .transform((value) => value.toLowerCase());
}

/** Phone numbers: 6 to 20 characters of digits, spaces, dash, plus and parentheses (spec §5). */
export const PHONE_PATTERN = new RegExp(`^[0-9 +\\-()]{6,${PHONE_MAX}}$`);

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value) && (value.match(/\d/g)?.length ?? 0) >= 4;
}

export const optionalPhone = plainText(z.string({ error: VALIDATION.phone }).trim(), 'format')
  .optional()
  .nullable()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || isValidPhone(value), { error: VALIDATION.phone });

/** A validation problem of one field, as the server reports it. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every error body of the API. */
export const apiErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.array(z.union([fieldErrorSchema, z.string()])).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** A successful answer of the API: `success: true` with the given fields. */
export function successResponse<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ success: z.literal(true), ...shape });
}

/** `{ success, message }`, the simplest answer of the API. */
export const messageResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Turns zod issues into `{ field, message }` pairs, the first message per field. */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ field, message: issue.message });
  }
  return errors;
}

/** A chosen file as a form holds it: the browser's File (a Blob), of its size and type. */
export interface ChosenFile {
  readonly size: number;
  readonly type?: string;
}

/** A form's file choice: a chosen file, or `message` while none is chosen. */
export function chosenFile(message: string) {
  return z.custom<ChosenFile>(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      'size' in value &&
      typeof value.size === 'number',
    { error: message },
  );
}
