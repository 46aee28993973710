import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { TOPICS } from './topics';

/** SPEC §2 Ayuda: 'Preguntas Frecuentes' links to the five topics. */
export function HelpPage() {
  return (
    <>
      <PageHeader title="Preguntas Frecuentes" backTo="/ventas" />
      <Paper variant="outlined">
        <List aria-label="Temas de ayuda">
          {TOPICS.map((topic) => (
            <ListItemButton key={topic.id} component={Link} to={`/ventas/ayuda/${topic.id}`}>
              <ListItemText primary={topic.title} secondary={topic.process} />
            </ListItemButton>
          ))}
        </List>
      </Paper>
    </>
  );
}
