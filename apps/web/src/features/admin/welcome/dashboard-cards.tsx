import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link } from 'react-router';
import type { DashboardFigure } from './dashboard-figures';

function FigureCard({ label, value, detail, link }: DashboardFigure) {
  const labelId = useId();
  return (
    <Card
      component="section"
      aria-labelledby={labelId}
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
          {value}
        </Typography>
        {detail && (
          <Typography component="p" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {detail}
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

export function DashboardCards({ figures }: { figures: readonly DashboardFigure[] }) {
  return (
    <Grid container spacing={2}>
      {figures.map((figure) => (
        <Grid key={figure.label} size={{ xs: 12, sm: 6, lg: 3 }}>
          <FigureCard {...figure} />
        </Grid>
      ))}
    </Grid>
  );
}
