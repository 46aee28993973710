import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** SPEC §5 Rules: loads show a spinner. */
export function LoadingState({ label = 'Cargando...' }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
