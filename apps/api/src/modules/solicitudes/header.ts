import { eq } from 'drizzle-orm';
import { formatUsd } from '@camposanto/domain';
import type { Db } from '../../db/client';
import type { clientes } from '../../db/schema';
import { solicitudes, vendedores } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { SessionUser } from '../../lib/actor';
import { nextRequestNumber } from './numbering';
import type { requestTotals } from './amounts';

const DAY_MS = 24 * 60 * 60 * 1000;
// SPEC §4 Validity: 3 days (259,200,000 ms); previsivo one year.
export const VALIDITY_MS = { normal: 3 * DAY_MS, previsivo: 365 * DAY_MS } as const;

type ClientRow = typeof clientes.$inferSelect;

/** Inserts a request (estado solicitud, payment pendiente) for the client's seller and their supervisor. */
export async function insertRequest(
  tx: Db,
  args: {
    actor: SessionUser;
    client: ClientRow;
    service: string;
    tipoServicio: string;
    descripcion: string | null;
    modalidad: 'De Contado' | 'Financiado';
    metodo: 'USD' | 'VES';
    totals: ReturnType<typeof requestTotals>;
    validity: number;
    /** Drawn beforehand when the request is one of a batch (numbering.ts drawRequestNumbers). */
    numero?: string;
  },
) {
  const [seller] = await tx
    .select({ supervisorId: vendedores.supervisorId })
    .from(vendedores)
    .where(eq(vendedores.id, args.client.vendedorId));
  const numero = args.numero ?? (await nextRequestNumber(tx, args.service));
  const now = new Date();
  const [row] = await tx
    .insert(solicitudes)
    .values({
      numeroSolicitud: numero,
      clienteId: args.client.id,
      vendedorId: args.client.vendedorId,
      supervisorId: seller?.supervisorId ?? null,
      creadoPor: args.actor.id,
      tipoServicio: args.tipoServicio,
      descripcion: args.descripcion,
      fechaCreacion: now,
      fechaVencimiento: new Date(now.getTime() + args.validity),
      modalidadPago: args.modalidad,
      metodoPago: args.metodo,
      precioPlan: args.totals.precioPlan,
      montoTotal: args.totals.montoTotal,
      descuento: args.totals.descuento,
      precioConDescuento: args.totals.precioConDescuento,
    })
    .returning();
  return row!;
}

export async function auditRequest(
  tx: Db,
  actor: SessionUser,
  row: typeof solicitudes.$inferSelect,
  client: ClientRow,
) {
  await audit(tx, actor, {
    accion: 'crear_solicitud',
    descripcion: `Solicitud ${row.numeroSolicitud} (${row.tipoServicio}, ${row.modalidadPago}) para ${client.nombre} (${client.cedula}) por ${formatUsd(Number(row.montoTotal))}`,
    entidad: 'solicitud',
    entidadId: row.id,
  });
}

export function toCreatedDto(row: typeof solicitudes.$inferSelect) {
  return {
    id: row.id,
    numero_solicitud: row.numeroSolicitud,
    tipo_servicio: row.tipoServicio,
    monto_total: Number(row.montoTotal),
    fecha_vencimiento: row.fechaVencimiento.toISOString(),
  };
}
