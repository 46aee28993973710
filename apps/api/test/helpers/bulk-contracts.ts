import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/**
 * Inserts `count` contracts of one seller and client straight in SQL, each with one line, numbered
 * `${prefix}1…`: the size of a large cemetery in seconds. Contract g was converted `g / tiesOf` microseconds
 * before `convertedAt` (so `tiesOf` contracts share each instant, and neighbours differ by less than a
 * millisecond), and its monto_total has cents that do not add up exactly in floating point.
 */
export async function insertContracts(
  db: Db,
  args: {
    count: number;
    prefix: string;
    sellerId: number;
    clientId: number;
    modalidad: 'De Contado' | 'Financiado';
    /** Null leaves fecha_conversion empty, which no conversion does, to test that a list still reads it. */
    convertedAt?: string | null;
    tiesOf?: number;
  },
) {
  const { count, prefix, sellerId, clientId, modalidad } = args;
  const convertedAt = args.convertedAt === undefined ? '2021-03-01T12:00:00Z' : args.convertedAt;
  const tiesOf = args.tiesOf ?? 1;
  await db.execute(sql`
    insert into solicitudes (numero_solicitud, numero_contrato, cliente_id, vendedor_id, tipo_servicio,
      fecha_vencimiento, fecha_conversion, estado, estado_pago, modalidad_pago, metodo_pago, precio_plan,
      monto_total, descuento, precio_con_descuento)
    select ${prefix} || g, ${`${prefix}C-`} || g, ${clientId}, ${sellerId}, 'cremacion', now(),
      ${convertedAt}::timestamptz - (g / ${tiesOf}) * interval '1 microsecond', 'contrato', 'pagado',
      ${modalidad}, 'USD', 900, 700 + g % 97 + (g % 10) / 10.0, 0, 700 + g % 97 + (g % 10) / 10.0
    from generate_series(1, ${count}) as g`);
  await db.execute(sql`
    insert into solicitud_detalles (solicitud_id, tipo_servicio, modalidad_pago, metodo_pago, precio_plan,
      descuento, precio_con_descuento, precio_total)
    select id, 'cremacion', modalidad_pago, 'USD', 900, 0, monto_total, monto_total
    from solicitudes where numero_solicitud like ${`${prefix}%`}`);
}
