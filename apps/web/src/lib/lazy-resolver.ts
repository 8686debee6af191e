import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver for a shared zod schema that is loaded on first
 * use, so a page with a form does not evaluate zod while it loads. Call
 * `prefetch` when the visitor starts on the form (focus), so the schema is
 * there by the time it is sent. T: the form's values; B: what the schema
 * makes of them, which the form's submit gets.
 */
export function lazyZodResolver<T extends FieldValues, B = T>(
  load: () => Promise<z.ZodType>,
  /**
   * Turns the form's values into the request body before the schema checks
   * them (drops what the body does not carry, such as the price of a unit
   * not chosen), so the form is checked by the very schema of its call. Keep
   * the field names: the schema's messages land on the fields of that path.
   */
  toBody?: (values: T) => unknown,
): { resolver: Resolver<T, unknown, B>; prefetch: () => void } {
  let ready: Promise<Resolver<T, unknown, B>> | undefined;
  const get = () =>
    (ready ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) =>
        zodResolver(schema as never) as unknown as Resolver<T, unknown, B>,
    ));
  return {
    resolver: async (values, context, options) =>
      (await get())((toBody ? toBody(values) : values) as T, context, options),
    prefetch: () => void get(),
  };
}
