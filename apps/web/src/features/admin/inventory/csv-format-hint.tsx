import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** How the CSV must look: a sentence and a short example, with ';' or ',' as separator. */
export function CsvFormatHint({ children, example }: { children: ReactNode; example: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {children}
      </Typography>
      <Box
        component="pre"
        aria-label="Ejemplo de archivo CSV"
        sx={{
          m: 0,
          p: 1,
          fontSize: '0.8rem',
          overflowX: 'auto',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {example}
      </Box>
    </Box>
  );
}
