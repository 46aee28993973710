import { MSG } from '@camposanto/domain';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { UnderConstructionPage } from '../../../components/under-construction-page';
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
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mb: 1 }}>
        <IconButton component={Link} to={`/ventas/ayuda/${previous.id}`} aria-label="Tema anterior">
          <ChevronLeftIcon />
        </IconButton>
        <IconButton component={Link} to={`/ventas/ayuda/${next.id}`} aria-label="Tema siguiente">
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      <UnderConstructionPage title={tema.title} backTo="/ventas" />
    </>
  );
}
