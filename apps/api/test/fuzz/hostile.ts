import fc from 'fast-check';

// Values that broke, or could break, a route: NUL bytes, prototype keys, lenient numbers, huge and tiny
// amounts, injections, path tricks, broken Unicode and overlong text (issue 11).
const HOSTILE_TEXT = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  '0x10',
  '  42 ',
  '1e308',
  '-1e308',
  '1e-400',
  '-1',
  '0',
  '1',
  '2',
  '-0',
  '1.005',
  '9007199254740993',
  '99999999999999999999999',
  'NaN',
  'Infinity',
  'true',
  'null',
  'undefined',
  "' OR 1=1 --",
  '"; drop table usuarios; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%ff',
  '\uD800',
  '😀',
  'ñandú Ñ á é',
  'a'.repeat(5000),
  '2025-02-30',
  '2025-01-01T00:00:00Z',
  '31/12/2025',
  '{"$gt":""}',
  '\r\nX-Inyectado: 1',
  'USD',
  'VES',
  'Ambos',
  'De Contado',
  'Financiado',
  'administrador',
  'vendedor',
  'cliente',
  'cremacion',
  'inhumacion',
  'columbario',
  'previsivo',
  'pendiente',
  'V-12345678',
  'usuario@test.local',
];

const HOSTILE_NUMBERS = [0, -1, 1, 2, 3, 1.5, -0.01, 0.001, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, 1e-7];

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
);

/** Any JSON value, hostile at every level, objects sometimes with a `__proto__` key of their own. */
export const hostileJson = (names: readonly string[]): fc.Arbitrary<unknown> =>
  fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 4, arbitrary: hostileScalar },
      { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
      {
        weight: 1,
        arbitrary: fc
          .dictionary(fc.constantFrom(...names, '__proto__', 'constructor'), tie('value'), { maxKeys: 4 })
          .map(ownProtoKeys),
      },
    ),
  })).value;

/** A `__proto__` key made an own property, as JSON.parse would make it, so that it is sent. */
function ownProtoKeys(record: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record))
    Object.defineProperty(result, key, { value, enumerable: true });
  return result;
}

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  minimum?: number;
  maximum?: number;
};

/**
 * A value for a schema of the OpenAPI document: mostly one the schema accepts (so requests reach the
 * services), often a hostile one, sometimes a field left out or added.
 */
export function fromSchema(schema: Schema | undefined, names: readonly string[]): fc.Arbitrary<unknown> {
  const hostile = hostileJson(names);
  if (!schema) return hostile;
  return fc.oneof({ weight: 2, arbitrary: plausible(schema, names) }, { weight: 1, arbitrary: hostile });
}

function plausible(schema: Schema, names: readonly string[]): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map((option) => fromSchema(option, names)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
      return fc.oneof(fc.integer({ min: 1, max: 6 }), fc.constantFrom('1', '2', '0x10', ' 3 '));
    case 'number':
      return fc.oneof(fc.constantFrom(0, 1, 100, 150.5, 1e308, -1), fc.integer({ min: 1, max: 5000 }));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fromSchema(schema.items, names), { maxLength: 3 });
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0) return hostileJson(names);
      return fc
        .tuple(
          fc.record(Object.fromEntries(properties.map(([key, value]) => [key, fromSchema(value, names)])), {
            requiredKeys: [],
          }),
          fc.dictionary(fc.constantFrom(...names, '__proto__'), hostileScalar, { maxKeys: 2 }),
        )
        .map(([known, extra]) => ownProtoKeys({ ...extra, ...known }));
    }
    default:
      return hostileText;
  }
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000400000003008020000', 'hex');
const HUGE_PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200004e2000004e2008020000', 'hex');
export const FILE_CONTENTS: Buffer[] = [
  PNG,
  HUGE_PNG,
  Buffer.from('%PDF-1.4\n<< /OpenAction << /JS (app.alert(1)) >> >>\n%%EOF\n', 'latin1'),
  Buffer.from('codigo;disponible\nA01-01-01;3\n'),
  Buffer.from('<html><script>alert(1)</script></html>'),
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]),
  Buffer.alloc(0),
  Buffer.from([0, 1, 2, 3, 0xfe]),
];
