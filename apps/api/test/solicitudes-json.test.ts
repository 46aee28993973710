import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requestDtoSchema } from '@camposanto/domain';
import { compiledSerializers, plainJsonSerializers } from '../src/plugins/serializers';
import { toRequestDto } from '../src/modules/contratos/request-dto';
import { line, requestRow } from './helpers/request-rows';

// Issue 12: the request lists (a seller's, the financed and the cash contracts) write their pages and streamed
// batches with JSON.stringify (plainJsonSerializers) instead of the compiled serialiser of requestDtoSchema. That
// holds only while toRequestDto writes the schema's fields and no other, in the schema's order, and while both
// write every text and amount alike: whatever a row holds, the bytes must be the same.

const route = {
  schema: z.array(requestDtoSchema),
  method: 'GET',
  url: '/api/vendedor/contratos/:vendedorId',
  httpStatus: '200',
} as never;
const routeSerializer = compiledSerializers({ validate: false })(route);
const plain = plainJsonSerializers({ validate: false })(route);

describe('request lists written by JSON.stringify', () => {
  it("writes the route's bytes for 3,000 generated batches of requests", () => {
    fc.assert(
      fc.property(fc.array(requestRow, { maxLength: 4 }), (rows) => {
        const requests = rows.map(toRequestDto);
        expect(plain(requests)).toBe(routeSerializer(requests));
      }),
      { numRuns: 3_000 },
    );
  });

  it('writes a request with nothing optional and one priced in both currencies alike', () => {
    // Cash lines can be priced in either currency, so both prices are written, not null.
    const cashLines = fc.sample(line, { numRuns: 2, seed: 12 }).map((sample) => ({
      ...sample,
      modalidadPago: 'De Contado',
    }));
    const [bare, priced] = fc.sample(requestRow, { numRuns: 2, seed: 12 }).map((sample, index) =>
      toRequestDto({
        ...sample,
        fecha_conversion: null,
        detalles: (index === 0 ? [] : cashLines) as never,
      }),
    );
    expect(priced!.precios_por_metodo.USD).not.toBeNull();
    expect(priced!.precios_por_metodo.VES).not.toBeNull();
    const text = plain([bare!, priced!]);
    expect(text).toBe(routeSerializer([bare, priced]));
    expect(Object.keys(JSON.parse(text)[0] as object)).toEqual(Object.keys(requestDtoSchema.shape));
  });
});
