import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requestDtoSchema } from '@camposanto/domain';
import { compiledSerializers } from '../src/plugins/serializers';
import { requestsJson, toRequestDto, type RequestRow } from '../src/modules/contratos/request-dto';

// Issue 12: the unpaged request lists write their batches with JSON.stringify instead of the route's compiled
// serialiser (fast-json-stringify from requestDtoSchema). That holds only while toRequestDto writes the schema's
// fields and no other, in the schema's order, and while both write every text and amount alike: whatever a row
// holds, the bytes must be the same.

const routeSerializer = compiledSerializers({ validate: false })({
  schema: z.array(requestDtoSchema),
  method: 'GET',
  url: '/api/vendedor/contratos/:vendedorId',
  httpStatus: '200',
} as never);

// Any text PostgreSQL can hold: every code point but NUL, quotes, backslashes, controls, U+2028, emoji.
const text = fc.string({ unit: 'binary', maxLength: 24 }).map((value) => value.replaceAll('\0', ''));
const maybeText = fc.option(text, { nil: null });
const amount = fc
  .integer({ min: 0, max: 99_999_999_999 })
  .map((cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
// PostgreSQL's text of an instant, as a session in UTC writes it.
const instant = fc
  .integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) })
  .map((ms) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '+00'));
const modalidad = fc.constantFrom('De Contado', 'Financiado', 'Previsivo');
const metodo = fc.constantFrom('USD', 'VES');
const json: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 });

const line = fc.record({
  id: fc.nat(),
  codigo: maybeText,
  descripcion: maybeText,
  tipoServicio: text,
  modalidadPago: modalidad,
  metodoPago: metodo,
  tipoMoneda: fc.option(metodo, { nil: null }),
  pagoInicial: amount,
  cuotas: fc.nat({ max: 120 }),
  montoPorCuota: amount,
  precioFinanciado: amount,
  descuento: amount,
  precioConDescuento: amount,
  precioPlan: amount,
  precioTotal: amount,
  estadoPago: fc.constantFrom('pendiente', 'pagado', 'parcial'),
  planId: fc.option(fc.nat(), { nil: null }),
  detallesAdicionales: fc.option(
    fc.oneof(
      fc.dictionary(text, json, { maxKeys: 3 }),
      fc.record({ precios_contado: fc.record({ USD: amount, VES: amount }) }),
    ),
    { nil: null },
  ),
});

const row: fc.Arbitrary<RequestRow> = fc.record({
  id: fc.nat(),
  numero_solicitud: text,
  numero_contrato: maybeText,
  cliente_id: fc.nat(),
  vendedor_id: fc.nat(),
  supervisor_id: fc.option(fc.nat(), { nil: null }),
  tipo_servicio: text,
  descripcion: maybeText,
  fecha_creacion: instant,
  fecha_vencimiento: instant,
  fecha_conversion: fc.option(instant, { nil: null }),
  estado: fc.constantFrom('solicitud', 'contrato', 'anulada'),
  estado_pago: fc.constantFrom('pendiente', 'pagado', 'parcial'),
  modalidad_pago: modalidad,
  metodo_pago: metodo,
  precio_plan: amount,
  monto_total: amount,
  descuento: amount,
  precio_con_descuento: amount,
  email_enviado: fc.boolean(),
  vendedor_nombre: text,
  cliente_nombre: text,
  cliente_cedula: text,
  cliente_celular: maybeText,
  cliente_telefono: maybeText,
  // The lines come as rows of Drizzle's schema; toRequestDto reads the fields above.
  detalles: fc.array(line, { maxLength: 3 }) as fc.Arbitrary<never>,
});

describe('requestsJson', () => {
  it("writes the route's bytes for 3,000 generated batches of requests", () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 4 }), (rows) => {
        const requests = rows.map(toRequestDto);
        expect(requestsJson(requests)).toBe(routeSerializer(requests));
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
    const [bare, priced] = fc.sample(row, { numRuns: 2, seed: 12 }).map((sample, index) =>
      toRequestDto({
        ...sample,
        fecha_conversion: null,
        detalles: (index === 0 ? [] : cashLines) as never,
      }),
    );
    expect(priced!.precios_por_metodo.USD).not.toBeNull();
    expect(priced!.precios_por_metodo.VES).not.toBeNull();
    const text = requestsJson([bare!, priced!]);
    expect(text).toBe(routeSerializer([bare, priced]));
    expect(Object.keys(JSON.parse(text)[0] as object)).toEqual(Object.keys(requestDtoSchema.shape));
  });
});
