import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link } from 'react-router';
import type { DashboardFigure } from './dashboard-figures';

function FigureCard({ label, value, detail, link, isLoading }: DashboardFigure & { isLoading: boolean }) {
  const labelId = useId();
  return (
    <Card
      component="section"
      aria-labelledby={labelId}
      aria-busy={isLoading}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderTop: 4,
        borderColor: 'primary.main',
      }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={labelId} component="h2" variant="subtitle1" color="text.secondary">
          {label}
        </Typography>
        <Typography component="p" variant="h4" sx={{ fontWeight: 700, mt: 1 }}>
          {isLoading ? <Skeleton width="60%" aria-hidden /> : value}
        </Typography>
        {detail !== undefined && (
          <Typography component="p" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {isLoading ? <Skeleton width="80%" aria-hidden /> : detail}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button component={Link} to={link.to} size="small">
          {link.label}
        </Button>
      </CardActions>
    </Card>
  );
}

/**
 * The welcome cards. While the figures load (`isLoading`) the same cards show skeletons in place of their values,
 * so nothing below them moves when the figures arrive (Lighthouse's layout shift, issue 15).
 */
export function DashboardCards({
  figures,
  isLoading = false,
}: {
  figures: readonly DashboardFigure[];
  isLoading?: boolean;
}) {
  return (
    <Grid container spacing={2}>
      {figures.map((figure) => (
        <Grid key={figure.label} size={{ xs: 12, sm: 6, lg: 3 }}>
          <FigureCard {...figure} isLoading={isLoading} />
        </Grid>
      ))}
    </Grid>
  );
}
