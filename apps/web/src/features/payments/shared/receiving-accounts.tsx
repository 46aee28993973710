import {
  ADMIN_ROLES,
  PAYMENT_MESSAGES,
  SETTINGS_MESSAGES,
  type ReceivingAccount,
  type VesMethod,
} from '@camposanto/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useReceivingAccounts } from '../../../api/receiving-accounts/get-receiving-accounts';
import { useSession } from '../../../lib/session';
import { useRate } from './use-rate';

function accountRows(account: ReceivingAccount, metodo: VesMethod): Array<[string, string]> {
  return [
    ['Banco', account.banco],
    ['Titular', account.titular],
    ['RIF', account.rif],
    metodo === 'pago_movil'
      ? ['Teléfono (Pago Móvil)', account.telefono_pago_movil ?? '—']
      : ['Número de cuenta', account.numero_cuenta],
  ];
}

/** A notice that names the settings screen for administración, and says to ask for it to everyone else. */
/** A setting bolívar payments need and nobody has registered: administración gets a link to its screen. */
function MissingSetting(props: {
  isOffice: boolean;
  sellerText: string;
  officeText: string;
  to: string;
  label: string;
}) {
  return (
    <Alert severity="warning" role="alert">
      {props.isOffice ? props.officeText : props.sellerText}
      {props.isOffice && (
        <>
          {' '}
          <Link component={RouterLink} to={props.to}>
            {props.label}
          </Link>
        </>
      )}
    </Alert>
  );
}

/**
 * Issue 10: what a payer in bolívares needs, from the office's settings — the active receiving accounts
 * (pago móvil shows the phone instead of the account number), or why the payment cannot be taken yet: no rate
 * or no active account. Administración is linked to the screen that fixes it.
 */
export function ReceivingAccounts({ metodo = 'transferencia' }: { metodo?: VesMethod }) {
  const session = useSession();
  const rate = useRate();
  const { data, isPending } = useReceivingAccounts();
  const isOffice = session ? ADMIN_ROLES.includes(session.rol) : false;
  const accounts = (data ?? []).filter((account) => account.activa);

  return (
    <Stack spacing={1}>
      {rate === null && (
        <MissingSetting
          isOffice={isOffice}
          sellerText={PAYMENT_MESSAGES.sinTasa}
          officeText={SETTINGS_MESSAGES.sinTasaAdmin}
          to="/administracion/tasa-cambio"
          label="Registrar la tasa"
        />
      )}
      {!isPending && accounts.length === 0 && (
        <MissingSetting
          isOffice={isOffice}
          sellerText={SETTINGS_MESSAGES.sinCuentaActiva}
          officeText={SETTINGS_MESSAGES.sinCuentaActivaAdmin}
          to="/administracion/configuracion"
          label="Registrar una cuenta receptora"
        />
      )}
      {accounts.length > 0 && (
        <Alert severity="info" icon={false} role="region" aria-label="Datos bancarios para el pago">
          <AlertTitle>Datos bancarios para el pago</AlertTitle>
          <Stack spacing={1.5}>
            {accounts.map((account) => (
              <Box
                key={account.id}
                component="dl"
                aria-label={`Cuenta ${account.banco}`}
                sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
              >
                {accountRows(account, metodo).map(([label, value]) => (
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
            ))}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
