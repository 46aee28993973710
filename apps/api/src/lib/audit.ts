import { auditoria } from '../db/schema';
import type { Db } from '../db/client';
import type { Actor } from './actor';

/** DESIGN §5: every change is audited, in the same transaction as the change (pass the transaction). */
export async function audit(
  tx: Db,
  actor: Actor,
  entry: { accion: string; descripcion: string; entidad?: string; entidadId?: string | number },
): Promise<void> {
  await tx.insert(auditoria).values({
    usuarioId: actor.id,
    username: actor.username,
    rol: actor.rol,
    accion: entry.accion,
    descripcion: entry.descripcion,
    entidad: entry.entidad ?? null,
    entidadId: entry.entidadId === undefined ? null : String(entry.entidadId),
  });
}
