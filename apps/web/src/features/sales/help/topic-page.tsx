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
import { TopicSteps, TopicLists } from './topic-lists';
import { TopicQuestions } from './topic-questions';
import { TOPICS } from './topics';

/** SPEC §2 Ayuda topic page: previous and next arrows cycle through the five topics. */
export function TopicPage() {
  const { temaId } = useParams();
  const index = TOPICS.findIndex((topic) => topic.id === temaId);
  const topic = TOPICS[index];
  if (!topic) {
    return (
      <>
        <PageHeader title="Preguntas Frecuentes" backTo="/ventas" />
        <EmptyState>{MSG.seccionNoEncontrada}</EmptyState>
      </>
    );
  }
  const previous = TOPICS[(index + TOPICS.length - 1) % TOPICS.length] ?? topic;
  const next = TOPICS[(index + 1) % TOPICS.length] ?? topic;
  const arrows = (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <IconButton component={Link} to={`/ventas/ayuda/${previous.id}`} aria-label="Tema anterior">
        <ChevronLeftIcon />
      </IconButton>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {index + 1} de {TOPICS.length}
      </Typography>
      <IconButton component={Link} to={`/ventas/ayuda/${next.id}`} aria-label="Tema siguiente">
        <ChevronRightIcon />
      </IconButton>
    </Stack>
  );

  return (
    <>
      <PageHeader title={topic.title} backTo="/ventas" actions={arrows} />
      <Stack spacing={2}>
        <Paper variant="outlined" component="section" aria-label="Definición" sx={{ p: 2 }}>
          <Typography variant="h2" gutterBottom>
            {topic.process}
          </Typography>
          <Typography>{topic.definition}</Typography>
        </Paper>
        <TopicLists topic={topic} />
        <TopicSteps topic={topic} />
        <TopicQuestions topic={topic} />
      </Stack>
    </>
  );
}
