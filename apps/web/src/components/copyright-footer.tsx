import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** SPEC §1: the footer shows a copyright line for 2024. */
export function CopyrightFooter() {
  return (
    <Box component="footer" sx={{ py: 2, px: 2, textAlign: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        © 2024 Camposanto. Todos los derechos reservados.
      </Typography>
    </Box>
  );
}
