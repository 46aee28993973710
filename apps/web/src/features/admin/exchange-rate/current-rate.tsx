import { formatRate, SETTINGS_MESSAGES, type ExchangeRate } from '@camposanto/domain';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';

export const SOURCE_LABELS = { oficial: 'Oficial', manual: 'Manual' } as const;

export const formatDateTime = (value: string) => dayjs(value).format('DD/MM/YYYY HH:mm');

/** Issue 10: the rate in force, its source, who set it and when. */
export function CurrentRate({ rate }: { rate: ExchangeRate | undefined }) {
  if (rate && rate.promedio === null) {
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {SETTINGS_MESSAGES.sinTasaAdmin} Fíjela aquí para poder registrar pagos en bolívares.
      </Alert>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label="Tasa vigente">
      <Typography variant="h6" component="h2" gutterBottom>
        Tasa vigente
      </Typography>
      <Typography variant="h4" component="p" sx={{ mb: 1 }}>
        {rate?.promedio == null ? '—' : formatRate(rate.promedio)}
      </Typography>
      <Typography variant="body2">
        Fuente: {rate?.fuente ? SOURCE_LABELS[rate.fuente] : '—'} · Fijada por:{' '}
        {rate?.usuario ?? (rate?.fuente === 'oficial' ? 'servicio oficial' : '—')} · Fecha:{' '}
        {rate?.fecha ? formatDateTime(rate.fecha) : '—'}
      </Typography>
    </Paper>
  );
}
