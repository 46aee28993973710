import { useExchangeRate } from '../../../api/exchange-rate/get-exchange-rate';

/** The official rate (Bs. per USD) for the payment previews, or null while there is none. */
export function useRate(): number | null {
  const { data } = useExchangeRate();
  const rate = Number(data?.promedio);
  return data?.promedio != null && Number.isFinite(rate) && rate > 0 ? rate : null;
}
