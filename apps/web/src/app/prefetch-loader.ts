import type { Rol } from '@camposanto/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { readSession } from '../lib/session';
import { queryClient } from './query-client';

/**
 * A route loader that starts a screen's requests as soon as its address is known, while its code still downloads
 * (docs/decisions/037), into the app's query cache where the screen's own queries find them: the screen does not
 * ask again (its queries set `refetchOnMount: false`). It waits for nothing. Without a session of one of `roles`
 * it asks nothing: the area's guard sends the user away, and a request would only answer 401 or 403.
 */
export function prefetchLoader(
  roles: readonly Rol[],
  prefetch: (client: QueryClient) => void,
): LoaderFunction {
  return () => {
    const session = readSession();
    if (session && roles.includes(session.rol)) prefetch(queryClient);
    return null;
  };
}
