import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CopyrightFooter } from '../../components/copyright-footer';
import { PageTitle } from '../../components/page-title';
import { useSession } from '../../lib/session';
import { useSignOut } from './use-sign-out';

/** SPEC §2 Login sends any other role to /clientes; the client portal is not part of the product yet. */
export function ClientLandingPage() {
  const session = useSession();
  const { signOut, isSigningOut } = useSignOut();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="main" sx={{ flexGrow: 1, display: 'grid', placeItems: 'center', p: 2 }}>
        <Paper sx={{ p: 4, maxWidth: 480, textAlign: 'center' }}>
          <PageTitle>Portal de Clientes</PageTitle>
          {session && <Typography sx={{ mt: 2 }}>Hola, {session.usuario}.</Typography>}
          <Typography color="text.secondary" sx={{ my: 2 }}>
            El portal de clientes aún no está disponible.
          </Typography>
          <Button variant="contained" startIcon={<LogoutIcon />} onClick={signOut} disabled={isSigningOut}>
            Cerrar Sesión
          </Button>
        </Paper>
      </Box>
      <CopyrightFooter />
    </Box>
  );
}
