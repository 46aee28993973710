import { auditoria } from '../db/schema';
import type { Db } from '../db/client';

/** Who acts: the signed-in user, or the system (jobs, first administrator). */
export type Actor = { id: number | null; username: string; rol: string };

export const SYSTEM_ACTOR: Actor = { id: null, username: 'sistema', rol: 'sistema' };

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
