import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializers, withoutNullUnions } from '../src/plugins/serializers';

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as never;

const contract = z.object({
  id: z.number().int(),
  numero: z.string().nullable(),
  monto: z.number(),
  estado: z.enum(['solicitud', 'contrato']),
  cliente: z.object({ nombre: z.string(), email: z.string().nullable().optional() }).nullable(),
  detalles_adicionales: z.record(z.string(), z.unknown()).nullable(),
  detalles: z.array(z.object({ codigo: z.string().nullable(), cuotas: z.number().int() })),
});

const row = {
  id: 7,
  numero: null,
  monto: 1234.56,
  estado: 'contrato',
  cliente: { nombre: 'Ana "la" Pérez', email: null },
  detalles_adicionales: { traslado: true, tiempo_velacion: '24h' },
  detalles: [{ codigo: 'A03-26-01', cuotas: 6 }],
};

describe('compiled response serialisers', () => {
  it('write the same JSON as zod followed by JSON.stringify', () => {
    const serialize = compiledSerializers({ validate: false })(route(z.array(contract)));
    const text = serialize([row, { ...row, id: 8, cliente: null, detalles_adicionales: null, detalles: [] }]);
    expect(JSON.parse(text)).toEqual(z.array(contract).parse(JSON.parse(text)));
    expect(JSON.parse(text)).toEqual([
      row,
      { ...row, id: 8, cliente: null, detalles_adicionales: null, detalles: [] },
    ]);
  });

  it('leave out the fields the schema does not declare, as zod did', () => {
    const serialize = compiledSerializers({ validate: false })(route(contract));
    const answer = JSON.parse(serialize({ ...row, password_hash: 'secreto' })) as Record<string, unknown>;
    expect(answer).not.toHaveProperty('password_hash');
    expect(answer.id).toBe(7);
  });

  it('refuse an answer that breaks its schema when validating (the API tests)', () => {
    const serialize = compiledSerializers({ validate: true })(route(contract));
    expect(() => serialize({ ...row, monto: '12' })).toThrow();
    expect(() => serialize(row)).not.toThrow();
  });

  it('keep zod for what JSON Schema cannot express', () => {
    const withTransform = z.object({ n: z.number() }).transform((value) => ({ doble: value.n * 2 }));
    const serialize = compiledSerializers({ validate: false })(route(withTransform));
    expect(JSON.parse(serialize({ n: 2 }))).toEqual({ doble: 4 });
  });

  it('turn a two-branch null union into nullable', () => {
    expect(withoutNullUnions({ anyOf: [{ type: 'string' }, { type: 'null' }], description: 'x' })).toEqual({
      type: 'string',
      nullable: true,
      description: 'x',
    });
    const union = { anyOf: [{ type: 'string' }, { type: 'number' }] };
    expect(withoutNullUnions(union)).toEqual(union);
  });
});
