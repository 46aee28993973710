import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { clientes, cuotas } from '../../src/db/schema';
import { businessDate } from '../../src/lib/business-time';
import { insertCliente, insertSolicitud } from './fixtures';

// Issue 14 Cobranza: contracts with instalments due or overdue written straight to the database, dated from today's
// business date in Caracas (the date the list ages debts on), so a test reads '31 days overdue' exactly.

export const today = () => businessDate(new Date());

/** The day `days` after `day` (before, when negative), 'YYYY-MM-DD'. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export type InstalmentSpec = {
  monto: string;
  /** Days since the due date (negative: due in that many days). */
  daysOverdue: number;
  estado?: 'pendiente' | 'pagado' | 'vencido';
};

/** A client of `sellerId`, with `email` (none by default, as insertCliente makes them). */
export async function debtClient(db: Db, sellerId: number, email: string | null = null) {
  const client = await insertCliente(db, sellerId);
  if (email !== null) await db.update(clientes).set({ email }).where(eq(clientes.id, client.id));
  return { ...client, email };
}

/** A financed contract of `sellerId` whose instalments are `instalments`, numbered from 1. */
export async function debtContract(
  db: Db,
  args: {
    sellerId: number;
    clientId: number;
    servicio?: string;
    estado?: 'contrato' | 'solicitud';
    instalments: InstalmentSpec[];
  },
) {
  const contract = await insertSolicitud(db, {
    clienteId: args.clientId,
    vendedorId: args.sellerId,
    fechaVencimiento: new Date(),
    estado: args.estado ?? 'contrato',
    modalidadPago: 'Financiado',
    estadoPago: 'inicial_pagada',
    tipoServicio: args.servicio ?? 'cremacion',
  });
  const base = today();
  const rows = await db
    .insert(cuotas)
    .values(
      args.instalments.map((spec, index) => ({
        solicitudId: contract.id,
        numero: index + 1,
        monto: spec.monto,
        fechaVencimiento: addDays(base, -spec.daysOverdue),
        estadoPago: spec.estado ?? (spec.daysOverdue > 0 ? 'vencido' : 'pendiente'),
      })),
    )
    .returning();
  return { ...contract, cuotas: rows.sort((a, b) => a.numero - b.numero) };
}

/** Exact cents of a decimal text or number. */
export const centsOf = (value: string | number) => Math.round(Number(value) * 100);
