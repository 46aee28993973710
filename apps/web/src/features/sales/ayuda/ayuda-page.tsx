import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { TEMAS } from './temas';

/** SPEC §2 Ayuda: 'Preguntas Frecuentes' links to the five topics. */
export function AyudaPage() {
  return (
    <>
      <PageHeader title="Preguntas Frecuentes" backTo="/ventas" />
      <Paper variant="outlined">
        <List aria-label="Temas de ayuda">
          {TEMAS.map((tema) => (
            <ListItemButton key={tema.id} component={Link} to={`/ventas/ayuda/${tema.id}`}>
              <ListItemText primary={tema.title} secondary={tema.proceso} />
            </ListItemButton>
          ))}
        </List>
      </Paper>
    </>
  );
}
