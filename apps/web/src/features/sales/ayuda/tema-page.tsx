import { MSG } from '@camposanto/domain';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { TemaEtapas, TemaLists } from './tema-lists';
import { TemaPreguntas } from './tema-preguntas';
import { TEMAS } from './temas';

/** SPEC §2 Ayuda topic page: previous and next arrows cycle through the five topics. */
export function TemaPage() {
  const { temaId } = useParams();
  const index = TEMAS.findIndex((tema) => tema.id === temaId);
  const tema = TEMAS[index];
  if (!tema) {
    return (
      <>
        <PageHeader title="Preguntas Frecuentes" backTo="/ventas" />
        <EmptyState>{MSG.seccionNoEncontrada}</EmptyState>
      </>
    );
  }
  const previous = TEMAS[(index + TEMAS.length - 1) % TEMAS.length] ?? tema;
  const next = TEMAS[(index + 1) % TEMAS.length] ?? tema;
  const arrows = (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <IconButton component={Link} to={`/ventas/ayuda/${previous.id}`} aria-label="Tema anterior">
        <ChevronLeftIcon />
      </IconButton>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {index + 1} de {TEMAS.length}
      </Typography>
      <IconButton component={Link} to={`/ventas/ayuda/${next.id}`} aria-label="Tema siguiente">
        <ChevronRightIcon />
      </IconButton>
    </Stack>
  );

  return (
    <>
      <PageHeader title={tema.title} backTo="/ventas" actions={arrows} />
      <Stack spacing={2}>
        <Paper variant="outlined" component="section" aria-label="Definición" sx={{ p: 2 }}>
          <Typography variant="h2" gutterBottom>
            {tema.proceso}
          </Typography>
          <Typography>{tema.definicion}</Typography>
        </Paper>
        <TemaLists tema={tema} />
        <TemaEtapas tema={tema} />
        <TemaPreguntas tema={tema} />
      </Stack>
    </>
  );
}
