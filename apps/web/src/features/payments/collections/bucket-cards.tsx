import {
  COLLECTION_BUCKET_LABELS as BUCKET_LABELS,
  COLLECTION_BUCKETS as BUCKETS,
  formatUsd,
  type CollectionTotals,
} from '@camposanto/domain';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { BUCKET_COLORS } from './buckets';

/** Issue 14 Cobranza: the amount overdue of each aging bucket, for the whole filter. */
export function BucketCards({ totals }: { totals: CollectionTotals | undefined }) {
  return (
    <Box
      component="ul"
      aria-label="Totales por antigüedad"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        mb: 2,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
      }}
    >
      {BUCKETS.map((bucket) => (
        <Paper
          key={bucket}
          component="li"
          variant="outlined"
          aria-label={BUCKET_LABELS[bucket]}
          sx={{ px: 2, py: 1.5, borderTop: 4, borderTopColor: BUCKET_COLORS[bucket] }}
        >
          <Typography variant="body2" color="text.secondary">
            {BUCKET_LABELS[bucket]}
          </Typography>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            {totals ? formatUsd(totals[bucket]) : <Skeleton width={120} />}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
