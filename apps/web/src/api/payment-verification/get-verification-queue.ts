import { VERIFICATION_MESSAGES, type VerificationFilter, type VerificationPage } from '@camposanto/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

/** Every query of the verification queue starts with this key; a decision refreshes them all. */
export const verificationQueueQueryKey = ['verificacion-pagos'] as const;

export const VERIFICATION_QUEUE_PATH = '/api/v1/admin/verificacion-pagos';

/**
 * Issue 14 GET /api/v1/admin/verificacion-pagos: one page (1-based) of the payments in a state; issue 15 adds the
 * list's words (`q`, `orden`, `moneda`, `vendedor_id`, `desde`, `hasta`).
 */
export function getVerificationQueue(
  estado: VerificationFilter,
  { page, perPage }: { page: number; perPage: number },
  query: Record<string, string> = {},
): Promise<VerificationPage> {
  return apiRequest(VERIFICATION_QUEUE_PATH, { query: { ...query, estado, page, per_page: perPage } });
}

export function verificationQueueQuery(
  estado: VerificationFilter,
  page: { page: number; perPage: number },
  query: Record<string, string> = {},
) {
  return queryOptions({
    queryKey: [...verificationQueueQueryKey, estado, page, query],
    queryFn: () => getVerificationQueue(estado, page, query),
    // The page shown stays while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    meta: { errorMessage: VERIFICATION_MESSAGES.errorCargarCola },
  });
}

export function useVerificationQueue(
  estado: VerificationFilter,
  page: { page: number; perPage: number },
  query: Record<string, string> = {},
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...verificationQueueQuery(estado, page, query), enabled });
}

/** How many payments wait for a decision (the first page of one row carries the total), for the menu. */
export function usePendingVerificationCount({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: [...verificationQueueQueryKey, 'por_verificar', { page: 1, perPage: 1 }],
    queryFn: () => getVerificationQueue('por_verificar', { page: 1, perPage: 1 }),
    select: (answer) => answer.total,
    enabled,
    // A count in the menu is not worth a notice when it fails: it names no errorMessage.
  });
}
