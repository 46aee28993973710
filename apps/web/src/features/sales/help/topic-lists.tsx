import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Topic } from './topics';

function BulletList({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <Grid size={{ xs: 12, md: 4 }}>
      <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, height: '100%' }}>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem', fontWeight: 700 }} gutterBottom>
          {title}
        </Typography>
        <List dense disablePadding sx={{ listStyleType: 'disc', pl: 2.5 }}>
          {items.map((item) => (
            <ListItem key={item} disableGutters sx={{ display: 'list-item', py: 0.25 }}>
              <ListItemText primary={item} />
            </ListItem>
          ))}
        </List>
      </Paper>
    </Grid>
  );
}

/** A topic's characteristics, inputs and extra services, side by side on wide screens. */
export function TopicLists({ topic }: { topic: Topic }) {
  return (
    <Grid container spacing={2}>
      <BulletList title="Características" items={topic.characteristics} />
      <BulletList title="Insumos" items={topic.requirements} />
      <BulletList title="Servicios adicionales" items={topic.additionalServices} />
    </Grid>
  );
}

/** SPEC §2 Ayuda: the numbered stages of the process. */
export function TopicSteps({ topic }: { topic: Topic }) {
  return (
    <Paper variant="outlined" component="section" aria-label="Etapas del proceso" sx={{ p: 2 }}>
      <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem', fontWeight: 700 }} gutterBottom>
        Etapas del proceso ({topic.steps.length})
      </Typography>
      <List
        component="ol"
        dense
        disablePadding
        aria-label={`Etapas: ${topic.process}`}
        sx={{
          listStyleType: 'decimal',
          pl: 3.5,
          columnGap: 4,
          columns: { md: topic.steps.length > 8 ? 2 : 1 },
        }}
      >
        {topic.steps.map((step) => (
          <ListItem key={step} disableGutters sx={{ display: 'list-item', py: 0.25, breakInside: 'avoid' }}>
            <ListItemText primary={step} />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
