import { MSG, type SellersResponse } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, apiResponse } from '../client';

export const sellersQueryKey = ['vendedores'] as const;
export const SELLERS_PATH = '/api/v1/vendedores';

export function getSellers(): Promise<SellersResponse> {
  return apiRequest(SELLERS_PATH);
}

/** SPEC §8: the server's mensaje (default 'Error al cargar vendedores') plus ': ' and its error text. */
export function sellersErrorText(error: Error): string {
  const body = error instanceof ApiError ? error.body : undefined;
  const mensaje = body && typeof body === 'object' && 'mensaje' in body ? body.mensaje : undefined;
  const base = typeof mensaje === 'string' && mensaje ? mensaje : MSG.errorCargarVendedores;
  const detail = error instanceof ApiError ? error.detail : error.message;
  return detail && detail !== base ? `${base}: ${detail}` : base;
}

export function useSellers() {
  return useQuery({
    queryKey: sellersQueryKey,
    queryFn: getSellers,
    meta: { errorMessage: sellersErrorText },
  });
}

/**
 * Issue 15 (decision 032): one page of the sellers of a search, order and `supervisor` filter; `usuarios` is still
 * every supervisor, `total` the sellers of the filter (X-Total-Count). `page` is 1-based.
 */
export async function getSellersPage(
  query: Record<string, string>,
  { page, perPage }: { page: number; perPage: number },
): Promise<SellersResponse & { total: number }> {
  const { body, headers } = await apiResponse<SellersResponse>(SELLERS_PATH, {
    query: { ...query, page, per_page: perPage },
  });
  return { ...body, total: Number(headers.get('x-total-count') ?? body.vendedores.length) };
}

export function useSellersPage(query: Record<string, string>, page: { page: number; perPage: number }) {
  return useQuery({
    queryKey: [...sellersQueryKey, query, page],
    queryFn: () => getSellersPage(query, page),
    placeholderData: keepPreviousData,
    meta: { errorMessage: sellersErrorText },
  });
}
