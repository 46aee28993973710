import { CUENTA_RECEPTORA, type VesMethod } from '@camposanto/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** SPEC §9: the company's receiving account shown to the payer; pago móvil shows the phone instead. */
export function ReceivingAccount({ metodo = 'transferencia' }: { metodo?: VesMethod }) {
  const rows: Array<[string, string]> = [
    ['Banco', CUENTA_RECEPTORA.banco],
    ['Titular', CUENTA_RECEPTORA.titular],
    ['RIF', CUENTA_RECEPTORA.rif],
    metodo === 'pago_movil'
      ? ['Teléfono (Pago Móvil)', CUENTA_RECEPTORA.pagoMovilTelefono]
      : ['Número de cuenta', CUENTA_RECEPTORA.cuenta],
  ];
  return (
    <Alert severity="info" icon={false} role="region" aria-label="Datos bancarios para el pago">
      <AlertTitle>Datos bancarios para el pago</AlertTitle>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Alert>
  );
}
