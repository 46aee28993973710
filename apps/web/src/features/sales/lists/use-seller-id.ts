import { SALES_LIST_MESSAGES } from '@camposanto/domain';
import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { useSession } from '../../../lib/session';

/** SPEC §6: a seller's lists are asked for by the seller id, the token's subject. */
export function useSellerId(): string | undefined {
  const session = useSession();
  const sellerId = session?.userId || undefined;
  useEffect(() => {
    if (!sellerId) toast.error(SALES_LIST_MESSAGES.sinIdVendedor, { toastId: 'sin-id-vendedor' });
  }, [sellerId]);
  return sellerId;
}
