import fc from 'fast-check';
import type { RequestRow } from '../../src/modules/contratos/request-dto';

// Generated rows of the request lists, as their statements give them back, for the tests that hold a list's JSON
// to its route's compiled serialiser (solicitudes-json, clientes-json).

// Any text PostgreSQL can hold: every code point but NUL, quotes, backslashes, controls, U+2028, emoji.
export const text = fc.string({ unit: 'binary', maxLength: 24 }).map((value) => value.replaceAll('\0', ''));
export const maybeText = fc.option(text, { nil: null });
export const amount = fc
  .integer({ min: 0, max: 99_999_999_999 })
  .map((cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
// PostgreSQL's text of an instant, as a session in UTC writes it.
export const instant = fc
  .integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) })
  .map((ms) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '+00'));
const modalidad = fc.constantFrom('De Contado', 'Financiado', 'Previsivo');
const metodo = fc.constantFrom('USD', 'VES');
const json: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 });

export const line = fc.record({
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

export const requestRow: fc.Arbitrary<RequestRow> = fc.record({
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
