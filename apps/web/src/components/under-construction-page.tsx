import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageHeader } from './page-header';

/** A screen of SPEC §2 that a later issue builds: its title, a notice and the way back. */
export function UnderConstructionPage({ title, backTo }: { title: string; backTo: string }) {
  return (
    <>
      <PageHeader title={title} backTo={backTo} />
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography variant="h2" component="p" gutterBottom>
          En construcción
        </Typography>
        <Typography color="text.secondary">Esta sección estará disponible próximamente.</Typography>
      </Paper>
    </>
  );
}
