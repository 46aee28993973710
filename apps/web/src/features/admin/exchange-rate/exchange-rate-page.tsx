import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useExchangeRate } from '../../../api/exchange-rate/get-exchange-rate';
import { PageHeader } from '../../../components/page-header';
import { CurrentRate } from './current-rate';
import { RateHistory } from './rate-history';
import { SetRateForm } from './set-rate-form';

/** Issue 10 'Tasa de cambio' (Gestión de Pagos): the rate in force, setting it by hand, and its history. */
export function ExchangeRatePage() {
  const { data } = useExchangeRate();
  return (
    <>
      <PageHeader title="Tasa de cambio" backTo="/administracion" />
      <CurrentRate rate={data} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label="Fijar la tasa">
        <Typography variant="h6" component="h2" gutterBottom>
          Fijar la tasa manualmente
        </Typography>
        <SetRateForm />
      </Paper>
      <RateHistory />
    </>
  );
}
