// Values for the API fuzz (docs/decisions/0055-api-fuzz-and-access-matrix.md), derived from a
// route's zod schema through its JSON Schema (`z.toJSONSchema`): valid ones, ones on and just past
// each boundary the schema declares, and hostile ones (control characters, wrong types, prototype
// keys, deep nesting). Refinements (`.refine`, `.superRefine`) have no JSON Schema; the names of a
// few fields (e-mail, month, date, IBAN, id) get values of their kind so that the valid values
// mostly pass them too.
import fc from 'fast-check';
import { z } from 'zod';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonSchema = Record<string, any>;

/** The JSON Schema of a route's zod schema part, or undefined when it has none. */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return undefined;
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Text with the characters that break things: controls, line breaks, quotes, escapes, SQL. */
export const nastyText: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '\u0000',
        '\t',
        '\r',
        '\n',
        '\u001b',
        '\u007f',
        '\u0085',
        '\u2028',
        '\ud800',
        '\ufeff',
        '%',
        '%00',
        "$'",
        "'",
        '"',
        '\\',
        'ä',
        '👩‍🌾',
        ',',
        ';',
        "' OR 1=1 --",
        '<script>alert(1)</script>',
        '../../etc/passwd',
        '${7*7}',
        '{{7*7}}',
        '=cmd|',
      ),
      fc.string({ maxLength: 6 }),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((parts) => parts.join(''));

/** Any JSON-ish value, of any type. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyText,
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    0,
    -1,
    -0,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    2 ** 31,
    -(2 ** 31) - 1,
    0.1,
    1.005,
  ),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyText, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), nastyText, { maxKeys: 3 }),
);

/** One of the ids of the moment (the list changes while the fuzz runs). */
export function anId(ids: () => string[]): fc.Arbitrary<string> {
  return fc.nat().map((n) => {
    const list = ids();
    return list[n % list.length] ?? '00000000-0000-0000-0000-000000000000';
  });
}

/** Real-looking values by the name of a field (the refinements a JSON Schema cannot say). */
function byName(name: string, ids: () => string[]): fc.Arbitrary<unknown> | undefined {
  if (/e-?mail/i.test(name)) {
    return fc
      .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,10}$/), fc.constantFrom('beispiel.de', 'hof.de'))
      .map(([local, domain]) => `${local}@${domain}`);
  }
  if (/month/i.test(name)) {
    return fc
      .tuple(fc.integer({ min: 2024, max: 2028 }), fc.integer({ min: 1, max: 12 }))
      .map(([y, m]) => `${y}-${String(m).padStart(2, '0')}`);
  }
  if (/(date|On|^from|^to|day)$/i.test(name)) {
    return fc
      .date({ min: new Date('2024-01-01'), max: new Date('2028-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
  }
  if (/^iban$/i.test(name)) {
    return fc.constantFrom('DE89370400440532013000', 'DE02120300000000202051');
  }
  if (/(^id|Id)$/.test(name)) return anId(ids);
  if (/(^ids|Ids)$/.test(name)) return fc.array(anId(ids), { maxLength: 3 });
  return undefined;
}

export interface ValueContext {
  /** Ids of rows in the database now (any table): a valid-looking id is often a real one. */
  ids: () => string[];
}

/** Valid values of a JSON Schema (as far as the schema says). */
export function validOf(
  schema: JsonSchema | undefined,
  context: ValueContext,
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return anyValue;
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives?.length) {
    return fc.oneof(...alternatives.map((part) => validOf(part, context, name, depth + 1)));
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length) {
    return validOf(schema.allOf[0] as JsonSchema, context, name, depth + 1);
  }
  if (Array.isArray(schema.type)) {
    return fc.oneof(
      ...(schema.type as string[]).map((type) =>
        validOf({ ...schema, type }, context, name, depth + 1),
      ),
    );
  }
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const min =
        typeof schema.minimum === 'number'
          ? schema.minimum
          : typeof schema.exclusiveMinimum === 'number'
            ? schema.exclusiveMinimum + 1
            : -1_000_000;
      const max =
        typeof schema.maximum === 'number'
          ? schema.maximum
          : typeof schema.exclusiveMaximum === 'number'
            ? schema.exclusiveMaximum - 1
            : 1_000_000;
      const integer = fc.integer({
        min: Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER),
        max: Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER),
      });
      if (schema.type === 'integer') return integer;
      return fc.oneof(integer, fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
    }
    case 'string': {
      const named = byName(name, context.ids);
      const minLength = (schema.minLength as number | undefined) ?? 0;
      const maxLength = Math.min((schema.maxLength as number | undefined) ?? 40, minLength + 40);
      if (schema.format === 'email') return byName('email', context.ids)!;
      if (schema.format === 'uuid') return fc.oneof(fc.uuid(), anId(context.ids));
      if (schema.format === 'date') return byName('date', context.ids)!;
      if (schema.format === 'date-time') {
        return fc
          .date({ min: new Date('2024-01-01'), max: new Date('2028-12-31'), noInvalidDate: true })
          .map((date) => date.toISOString());
      }
      if (typeof schema.pattern === 'string') {
        try {
          return fc.stringMatching(new RegExp(schema.pattern as string), { maxLength });
        } catch {
          // a pattern fast-check cannot invert: any text of the length
        }
      }
      const text = fc.string({ minLength, maxLength, unit: 'grapheme' });
      return named ? fc.oneof(named, text) : text;
    }
    case 'array': {
      const minItems = (schema.minItems as number | undefined) ?? 0;
      const maxItems = Math.min((schema.maxItems as number | undefined) ?? 4, minItems + 4);
      if (Array.isArray(schema.prefixItems)) {
        return fc.tuple(
          ...(schema.prefixItems as JsonSchema[]).map((item) =>
            validOf(item, context, name, depth + 1),
          ),
        );
      }
      return fc.array(validOf(schema.items as JsonSchema, context, name, depth + 1), {
        minLength: minItems,
        maxLength: maxItems,
      });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required ?? []) as string[]);
      const keys = Object.keys(properties);
      if (keys.length === 0) {
        return fc.dictionary(
          fc.string({ maxLength: 8 }),
          validOf(schema.additionalProperties as JsonSchema, context, name, depth + 1),
          { maxKeys: 3 },
        );
      }
      return fc.record(
        Object.fromEntries(
          keys.map((key) => [key, validOf(properties[key], context, key, depth + 1)]),
        ),
        { requiredKeys: keys.filter((key) => required.has(key)) },
      );
    }
    default:
      return anyValue;
  }
}

/** Values on and just past the boundaries a schema declares, and of the wrong type. */
export function boundaryOf(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const values: unknown[] = [null, '', 0, -1, true, [], {}, 'x'.repeat(10_000)];
  if (schema) {
    const numbers = [
      schema.minimum,
      schema.maximum,
      schema.exclusiveMinimum,
      schema.exclusiveMaximum,
    ].filter((n): n is number => typeof n === 'number');
    for (const n of numbers) values.push(n, n - 1, n + 1, n - 0.5, n + 0.5, String(n));
    for (const length of [schema.minLength, schema.maxLength]) {
      if (typeof length !== 'number') continue;
      for (const l of [length - 1, length, length + 1])
        if (l >= 0) values.push('a'.repeat(l), 'ä'.repeat(l));
    }
    for (const count of [schema.minItems, schema.maxItems]) {
      if (typeof count !== 'number') continue;
      for (const c of [count - 1, count, count + 1]) if (c >= 0) values.push(Array(c).fill('a'));
    }
    if (Array.isArray(schema.enum)) {
      for (const option of schema.enum as unknown[]) {
        values.push(String(option).toUpperCase(), ` ${String(option)}`, [option]);
      }
    }
  }
  values.push(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0, 0.1, '1e3', '０', '12abc');
  return fc.constantFrom(...values);
}
