import { formatBolivares } from '@camposanto/domain';
import Typography from '@mui/material/Typography';
import { useExchangeRate } from '../../api/exchange-rate/get-exchange-rate';

/** SPEC §1: 'Dólar BCV: X.XX Bs.' in the Venezuelan format (issue 10 §8); SPEC §8: a failure is silent, so nothing is shown. */
export function ExchangeRateLabel() {
  const { data } = useExchangeRate();
  const rate = Number(data?.promedio);
  if (data?.promedio == null || !Number.isFinite(rate)) return null;
  return (
    <Typography component="span" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
      Dólar BCV: {formatBolivares(rate)}
    </Typography>
  );
}
