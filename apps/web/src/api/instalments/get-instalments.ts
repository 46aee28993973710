import { PAYMENT_MESSAGES, type instalmentsResponseSchema } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiRequest } from '../client';
import { paymentsQueryKey } from '../payments/query-keys';

export type Instalments = z.infer<typeof instalmentsResponseSchema>;
export type Instalment = Instalments['cuotas'][number];

const NONE: Instalments = { cuotas: [], cuotas_pagadas: 0, cuotas_pendientes: 0, total_pendiente: 0 };

export const instalmentsQueryKey = (contractId: number) =>
  [...paymentsQueryKey, 'cuotas', contractId] as const;

/** SPEC §7 GET /api/v1/cuotas/cuotas/{id}: a 404 or a message with 'no se encontró' means no instalments. */
export async function getInstalments(contractId: number): Promise<Instalments> {
  try {
    return await apiRequest<Instalments>(`/api/v1/cuotas/cuotas/${contractId}`);
  } catch (error) {
    const isNone =
      error instanceof ApiError &&
      (error.status === 404 || (error.detail ?? '').toLowerCase().includes('no se encontró'));
    if (isNone) return NONE;
    throw error;
  }
}

export function useInstalments(contractId: number) {
  return useQuery({
    queryKey: instalmentsQueryKey(contractId),
    queryFn: () => getInstalments(contractId),
    meta: { errorMessage: PAYMENT_MESSAGES.errorCuotas },
  });
}
