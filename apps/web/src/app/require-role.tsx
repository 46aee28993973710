import type { Rol } from '@camposanto/domain';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../lib/session';

/**
 * Keeps a signed-out user or a user of another role away from an area. The server is the
 * real guard; this only spares the user screens that would answer 401 or 403.
 */
export function RequireRole({ roles, children }: { roles: readonly Rol[]; children: ReactNode }) {
  const session = useSession();
  if (!session || !roles.includes(session.rol)) return <Navigate to="/" replace />;
  return children;
}
