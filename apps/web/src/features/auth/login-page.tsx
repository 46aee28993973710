import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect } from 'react';
import { useProcessExpiredRequests } from '../../api/auth/process-expired-requests';
import { useVerifyAdmin } from '../../api/auth/verify-admin';
import { CopyrightFooter } from '../../components/copyright-footer';
import { LoadingState } from '../../components/loading-state';
import { LoginForm } from './login-form';

// The colour-mode menu (a tooltip, its popper and a menu) loads just after the form; its place is kept meanwhile.
const ColorModeToggle = lazy(() =>
  import('../../components/color-mode-toggle').then((module) => ({ default: module.ColorModeToggle })),
);
// IconButton's size: 24 px icon and 8 px of padding on each side.
const TOGGLE_SIZE = 40;

// Shown once in the life of an installation: its schemas load only then.
const CreateAdminForm = lazy(() =>
  import('./create-admin-form').then((module) => ({ default: module.CreateAdminForm })),
);

/** SPEC §2 Login. */
export function LoginPage() {
  const { mutate: processExpiredRequests } = useProcessExpiredRequests();
  const verifyAdmin = useVerifyAdmin();

  // SPEC §2: on load of the login page a call processes expired requests; its failure changes nothing here.
  useEffect(() => processExpiredRequests(), [processExpiredRequests]);

  // SPEC §8: a failed admin check assumes an admin exists.
  const needsFirstAdmin = verifyAdmin.data?.admin_creado === false;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
        <Suspense fallback={<Box sx={{ width: TOGGLE_SIZE, height: TOGGLE_SIZE }} />}>
          <ColorModeToggle />
        </Suspense>
      </Box>
      <Box component="main" sx={{ flexGrow: 1, display: 'grid', placeItems: 'center', px: 2 }}>
        <Paper elevation={3} sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 420 }}>
          <Typography variant="h1" sx={{ textAlign: 'center', color: 'primary.main', mb: 3 }}>
            Camposanto
          </Typography>
          {verifyAdmin.isPending ? (
            <LoadingState />
          ) : needsFirstAdmin ? (
            <Suspense fallback={<LoadingState />}>
              <CreateAdminForm />
            </Suspense>
          ) : (
            <LoginForm />
          )}
        </Paper>
      </Box>
      <CopyrightFooter />
    </Box>
  );
}
