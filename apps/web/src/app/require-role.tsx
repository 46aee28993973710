import { landingPath, MSG, type Rol } from '@camposanto/domain';
import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { toast } from 'react-toastify';
import { useSession } from '../lib/session';

// One notice however often the redirect renders (StrictMode, a second guard on the way).
const AREA_NOTICE_ID = 'area-ajena';

/** Issue 15: a signed-in user of another role goes to their own area and is told why, not to the login form. */
function ToOwnArea({ rol }: { rol: Rol }) {
  useEffect(() => {
    toast.warning(MSG.areaAjena, { toastId: AREA_NOTICE_ID });
  }, []);
  return <Navigate to={landingPath(rol)} replace />;
}

/**
 * Keeps a signed-out user or a user of another role away from an area. The server is the
 * real guard; this only spares the user screens that would answer 401 or 403.
 */
export function RequireRole({ roles, children }: { roles: readonly Rol[]; children: ReactNode }) {
  const session = useSession();
  if (!session) return <Navigate to="/" replace />;
  if (!roles.includes(session.rol)) return <ToOwnArea rol={session.rol} />;
  return children;
}
