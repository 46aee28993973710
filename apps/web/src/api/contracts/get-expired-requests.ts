import { CONTRACT_MESSAGES, skipLimit, type ExpiredRequestsPage } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, errorDetail } from '../client';

export const expiredRequestsQueryKey = ['admin', 'solicitudes-caducadas'] as const;
export const EXPIRED_REQUESTS_PATH = '/api/v1/admin/solicitudes/caducadas';

/** SPEC §7: {data[], total_solicitudes, message}, paged with skip and limit; issue 15, with the list's words. */
export async function getExpiredRequests(
  page: number,
  pageSize: number,
  query: Record<string, string> = {},
): Promise<ExpiredRequestsPage> {
  const body = await apiRequest<Partial<ExpiredRequestsPage> | undefined>(EXPIRED_REQUESTS_PATH, {
    query: { ...skipLimit(page, pageSize), ...query },
  });
  // SPEC §8: missing data is an error.
  if (!body || !Array.isArray(body.data)) throw new Error(CONTRACT_MESSAGES.errorCaducadas);
  return { data: body.data, total_solicitudes: body.total_solicitudes ?? 0, message: body.message ?? '' };
}

export function expiredRequestsErrorText(error: Error): string {
  return errorDetail(error) ?? CONTRACT_MESSAGES.errorCaducadas;
}

export function useExpiredRequests({
  page,
  pageSize,
  query = {},
}: {
  page: number;
  pageSize: number;
  query?: Record<string, string>;
}) {
  return useQuery({
    queryKey: [...expiredRequestsQueryKey, { page, pageSize, query }],
    queryFn: () => getExpiredRequests(page, pageSize, query),
    placeholderData: keepPreviousData,
    meta: { errorMessage: expiredRequestsErrorText },
  });
}
