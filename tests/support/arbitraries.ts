import fc from 'fast-check';
import type * as z from 'zod/mini';

/**
 * fast-check arbitraries derived from the shared zod schemas of the API's endpoints: values shaped like
 * what a schema takes (often valid, sometimes not), and the hostile values an attacker would put in any
 * field instead.
 */

/** What an attacker puts where a value belongs: NUL and control characters, surrogate halves, huge and non-finite numbers, ids beyond the integer range, wrong types, oversized text. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\u0007\u001b[2J', '\u202e', ' ', '', '..', '../../etc/passwd', '<script>alert(1)</script>', "' or 1=1 --"),
  fc.constantFrom('1e308', '-1', '0', '2147483648', '9007199254740993', '99999999999999999999', '0x10', 'NaN', 'Infinity', '1.0000000000000000001'),
  fc.constantFrom(1e308, -1e308, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.MAX_SAFE_INTEGER + 2, 2_147_483_648, -1, 0, 0.5, -0),
  fc.constantFrom(null, true, false, [], {}, [[[]]], { $gt: '' }, ['a', 'b']),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.integer({ min: -3, max: 3 }).map((n) => 'x'.repeat(5_000 + n * 1_000)),
);

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodMiniType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A value shaped like what `schema` takes: each part often right, sometimes hostile or missing. */
export function shapedLike(schema: z.ZodMiniType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (s: unknown) => shapedLike(s as z.ZodMiniType, depth + 1);
  if (depth > 6) return hostile;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodMiniType>;
      const fields = Object.fromEntries(
        Object.entries(shape).map(([key, field]) => [key, fc.option(fc.oneof({ arbitrary: inner(field), weight: 4 }, { arbitrary: hostile, weight: 1 }), { nil: undefined, freq: 6 })]),
      );
      return fc.record(fields).map((value) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)));
    }
    case 'string':
      return fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.emailAddress(),
        fc.uuid(),
        fc.constantFrom('buy', 'sell', 'limit', 'stop', 'M1', 'H1', 'low', 'high', 'Abc12345!'),
        // Text that looks right but carries what a database cannot store or a screen should not show.
        fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\ud800', '\u0007', '\u001b', '\u202e'), fc.string({ maxLength: 8 })).map((parts) => parts.join('')),
      );
    case 'number':
    case 'int':
      return fc.oneof(fc.integer({ min: -5, max: 5_000 }), fc.double({ noNaN: true, min: -1e6, max: 1e6 }));
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'array':
      return fc.array(inner(def.element), { maxLength: 4 });
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 8 }), inner(def.valueType), { maxKeys: 3 });
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return fc.oneof(inner(def.innerType), fc.constant(def.type === 'nullable' ? null : undefined));
    case 'union':
      return fc.oneof(...(def.options as z.ZodMiniType[]).map(inner));
    case 'pipe':
      return inner(def.in);
    case 'transform':
      return fc.oneof(fc.string({ maxLength: 20 }), fc.integer({ min: 1, max: 10_000 }).map(String), fc.integer({ min: 1, max: 10_000 }));
    default:
      return hostile;
  }
}

/** A whole input for a schema: shaped like it, or hostile altogether. */
export const inputFor = (schema: z.ZodMiniType | undefined): fc.Arbitrary<unknown> =>
  schema ? fc.oneof({ arbitrary: shapedLike(schema), weight: 5 }, { arbitrary: hostile, weight: 1 }) : fc.option(hostile, { nil: undefined });

/** JSON text in which non-finite numbers survive as `1e999` (JSON.parse reads them back as ±Infinity). */
export function jsonText(value: unknown): string {
  const text = JSON.stringify(value ?? {}, (_key, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) && !Number.isNaN(v) ? `\u0001num:${v > 0 ? '' : '-'}1e999\u0001` : v));
  return text.replace(/"\\u0001num:(-?1e999)\\u0001"/g, '$1');
}

/** Path parameters: the schema's shape or anything else, each sent as text in the path. */
export function pathParamsFor(schema: z.ZodMiniType | undefined): fc.Arbitrary<Record<string, string>> {
  if (!schema) return fc.constant({});
  const shape = defOf(schema).shape as Record<string, z.ZodMiniType>;
  const param = fc.oneof(fc.integer({ min: 1, max: 50 }).map(String), fc.constantFrom('0', '-1', '1e308', '2147483648', '9007199254740993', 'abc', '%00', '..', 'a%2Fb', '1.5', 'NaN'), fc.uuid());
  return fc.record(Object.fromEntries(Object.keys(shape).map((key) => [key, param])));
}

/**
 * Percent-encodes text as a client may, also text no UTF-8 encoder accepts: a lone surrogate goes as
 * its three raw bytes (what WTF-8 writes), which the server must refuse, not choke on.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}
