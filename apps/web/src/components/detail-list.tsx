import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * Label and value pairs: two to a row on wide screens, or one pair a row (`columns={1}`) where the column is
 * narrow, as in a dialog beside a receipt.
 */
export function DetailList({
  label,
  items,
  columns = 2,
}: {
  label: string;
  items: Array<[string, ReactNode]>;
  columns?: 1 | 2;
}) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        display: 'grid',
        gridTemplateColumns: columns === 2 ? { xs: 'auto 1fr', md: 'auto 1fr auto 1fr' } : 'auto 1fr',
        columnGap: 2,
        rowGap: 1,
        m: 0,
        ...(columns === 2 && { alignItems: 'center' }),
      }}
    >
      {items.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 700, color: 'text.secondary' }}>
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
