import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';

interface NotFoundPageProps {
  /** Where 'Volver al inicio' leads: the login, or the home of the area the address was in. */
  homePath?: string;
}

export function NotFoundPage({ homePath = '/' }: NotFoundPageProps) {
  const isInsideArea = homePath !== '/';
  return (
    <Box
      component={isInsideArea ? 'div' : 'main'}
      sx={{ minHeight: isInsideArea ? '50vh' : '100vh', display: 'grid', placeItems: 'center', p: 2 }}
    >
      <Box sx={{ textAlign: 'center' }}>
        <PageTitle>Página no encontrada</PageTitle>
        <Typography color="text.secondary" sx={{ my: 2 }}>
          La dirección que buscas no existe.
        </Typography>
        <Button component={Link} to={homePath} variant="contained">
          Volver al inicio
        </Button>
      </Box>
    </Box>
  );
}
