import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The one h1 of a screen (SPEC §9: headings 1 and 2 use Bakbak One). */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h1" sx={{ color: 'primary.main', overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  );
}
