import type { Rol } from '@camposanto/domain';

/**
 * Who acts, as the audit records it: the signed-in user, or the system (periodic jobs, seeds, refused sign-ins). Services
 * name it `actor` (decision 019); routes pass the session's user.
 */
export type Actor = { id: number | null; username: string; rol: string };

export const SYSTEM_ACTOR: Actor = { id: null, username: 'sistema', rol: 'sistema' };

/** The signed-in user of a request, checked against the database on every call (plugins/auth.ts). */
export type SessionUser = Actor & { id: number; email: string; rol: Rol; supervisorId: number | null };
