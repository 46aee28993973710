import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageTitle } from '../../components/page-title';
import { useSession } from '../../lib/session';

/** SPEC §2 Sales area: index (welcome text). */
export function SalesWelcomePage() {
  const session = useSession();
  return (
    <Stack spacing={1}>
      <PageTitle>Bienvenido al Módulo de Ventas</PageTitle>
      {session && <Typography variant="h2">Hola, {session.usuario}.</Typography>}
      <Typography color="text.secondary">
        Desde el menú puede registrar solicitudes de productos y servicios, reportar pagos y gestionar sus
        clientes.
      </Typography>
    </Stack>
  );
}
