import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The text a list shows when it has nothing to show (every list has one, from the spec). */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Typography color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
      {children}
    </Typography>
  );
}
