import { useSession } from '../../../lib/session';

/** SPEC §6 and §5: the seller is the token's subject. */
export function useSellerId(): string | undefined {
  return useSession()?.userId || undefined;
}
