import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver for a shared zod schema that is loaded on first
 * use, so a page with a form does not evaluate zod while it loads. Call
 * `prefetch` when the visitor starts on the form (focus), so the schema is
 * there by the time it is sent.
 */
export function lazyZodResolver<T extends FieldValues>(
  load: () => Promise<z.ZodType>,
): { resolver: Resolver<T>; prefetch: () => void } {
  let ready: Promise<Resolver<T>> | undefined;
  const get = () =>
    (ready ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema as never) as unknown as Resolver<T>,
    ));
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    prefetch: () => void get(),
  };
}
