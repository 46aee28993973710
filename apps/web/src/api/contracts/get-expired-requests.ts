import { CONTRACT_MESSAGES, skipLimit, type ExpiredRequestsPage } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, errorDetail } from '../client';

export const expiredRequestsQueryKey = ['admin', 'solicitudes-caducadas'] as const;

/** SPEC §7: {data[], total_solicitudes, message}, paged with skip and limit. */
export async function getExpiredRequests(page: number, pageSize: number): Promise<ExpiredRequestsPage> {
  const body = await apiRequest<Partial<ExpiredRequestsPage> | undefined>(
    '/api/v1/admin/solicitudes/caducadas',
    {
      query: skipLimit(page, pageSize),
    },
  );
  // SPEC §8: missing data is an error.
  if (!body || !Array.isArray(body.data)) throw new Error(CONTRACT_MESSAGES.errorCaducadas);
  return { data: body.data, total_solicitudes: body.total_solicitudes ?? 0, message: body.message ?? '' };
}

export function expiredRequestsErrorText(error: Error): string {
  return errorDetail(error) ?? CONTRACT_MESSAGES.errorCaducadas;
}

export function useExpiredRequests({ page, pageSize }: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...expiredRequestsQueryKey, { page, pageSize }],
    queryFn: () => getExpiredRequests(page, pageSize),
    placeholderData: keepPreviousData,
    meta: { errorMessage: expiredRequestsErrorText },
  });
}
