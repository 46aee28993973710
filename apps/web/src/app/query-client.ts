import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isUnauthorized } from '../api/client';
import { notify } from '../lib/notify';

/** Notices for failed loads live here, once; each query names its own text in `meta.errorMessage`. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const message = query.meta?.errorMessage;
        // A lost session already has its own notice (see the unauthorized handler).
        if (!message || isUnauthorized(error)) return;
        const text = typeof message === 'function' ? message(error) : message;
        notify('error', text, { toastId: `${JSON.stringify(query.queryKey)}-error` });
      },
    }),
    defaultOptions: {
      queries: {
        // The server answered: asking again will not change its mind. Network hiccups get one more try.
        retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 1,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one cache: the app provides it and the route loaders fill it (app/prefetch-loader.ts). */
export const queryClient = createQueryClient();
