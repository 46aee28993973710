import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientWithRequestsSchema, pagedSchema } from '@camposanto/domain';
import { compiledSerializers, plainJsonSerializers } from '../src/plugins/serializers';
import { toRequestDto } from '../src/modules/contratos/request-dto';
import type { ClientRow } from '../src/modules/clientes/service';
import { withTheirRequests } from '../src/modules/ventas/queries';
import { maybeText, requestRow, text } from './helpers/request-rows';

// Issue 12: a seller's Clientes and Contratos pages are written by JSON.stringify (plainJsonSerializers) instead of
// the compiled serialiser of their schema. That holds only while the page, each client and each request carry the
// schema's fields and no other, in the schema's order, and while both write every value alike.

const route = {
  schema: pagedSchema(clientWithRequestsSchema),
  method: 'GET',
  url: '/api/v1/clientes/lista/:sellerId',
  httpStatus: '200',
} as never;
const compiled = compiledSerializers({ validate: false })(route);
const plain = plainJsonSerializers({ validate: false })(route);

const day = fc
  .integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2030, 0, 1) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10));

const clientRow: fc.Arbitrary<ClientRow> = fc.record({
  id: fc.nat({ max: 20 }),
  vendedorId: fc.nat(),
  nombre: text,
  cedula: text,
  fechaNacimiento: fc.option(day, { nil: null }),
  telefono: maybeText,
  celular: maybeText,
  email: maybeText,
  direccion: maybeText,
  nombreDocumento: maybeText,
  documentoId: fc.option(fc.uuid(), { nil: null }),
  createdAt: fc.date({ noInvalidDate: true }),
  updatedAt: fc.date({ noInvalidDate: true }),
  contratos: fc.nat(),
});

// A page: clients, and requests of theirs (or of a client not on the page), in either state.
const page = fc
  .array(clientRow, { maxLength: 4 })
  .chain((clients) =>
    fc.record({
      clients: fc.constant(clients),
      requests: fc.array(
        fc.record({
          row: requestRow,
          client: fc.constantFrom(...clients.map((client) => client.id), 21),
          estado: fc.constantFrom('solicitud', 'contrato'),
        }),
        { maxLength: 6 },
      ),
      total: fc.nat(),
      page: fc.integer({ min: 1, max: 1_000 }),
      per_page: fc.integer({ min: 1, max: 100 }),
    }),
  )
  .map(({ clients, requests, ...numbers }) => ({
    items: withTheirRequests(
      clients,
      requests.map(({ row, client, estado }) => toRequestDto({ ...row, cliente_id: client, estado })),
    ),
    ...numbers,
  }));

describe("a seller's Clientes and Contratos pages as JSON", () => {
  it("writes the compiled serialiser's bytes for 2,000 generated pages", () => {
    fc.assert(
      fc.property(page, (body) => {
        expect(plain(body)).toBe(compiled(body));
      }),
      { numRuns: 2_000 },
    );
  });

  it('writes a client with a request and a contract, each shown where the schema puts it', () => {
    const [body] = fc
      .sample(page, { numRuns: 40, seed: 7 })
      .filter((sample) =>
        sample.items.some((client) => client.contratos.length && client.solicitudes.length > 1),
      );
    expect(body).toBeDefined();
    const text = plain(body);
    expect(text).toBe(compiled(body));
    const client = (JSON.parse(text) as { items: Record<string, unknown>[] }).items[0]!;
    expect(Object.keys(client)).toEqual(Object.keys(clientWithRequestsSchema.shape));
  });

  it('refuses, where answers are validated, a page the compiled serialiser writes otherwise', () => {
    const checked = plainJsonSerializers({ validate: true })(route);
    const [body] = fc.sample(page, { numRuns: 1, seed: 3 });
    expect(checked(body)).toBe(compiled(body));
    expect(() => checked({ ...body, filtro: 'de más' })).toThrow(/other bytes/);
    expect(() => checked({ page: body!.page, ...body })).toThrow(/other bytes/);
  });

  it('keeps the compiled serialiser for every other status', () => {
    const refused = plainJsonSerializers({ validate: false })({
      schema: clientWithRequestsSchema.pick({ id: true }),
      method: 'GET',
      url: '/api/v1/clientes/lista/:sellerId',
      httpStatus: '403',
    } as never);
    expect(refused({ id: 1, stack: 'not for the client' })).toBe('{"id":1}');
  });
});
