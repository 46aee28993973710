import { MSG, type SellersResponse } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../client';

export const sellersQueryKey = ['vendedores'] as const;

export function getSellers(): Promise<SellersResponse> {
  return apiRequest('/api/v1/vendedores');
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
