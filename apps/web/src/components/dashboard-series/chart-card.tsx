import { MSG } from '@camposanto/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Suspense, useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../empty-state';
import type { ChartFigures, FigureTable } from './series-figures';
import { VISUALLY_HIDDEN } from '../../lib/visually-hidden';

export const CHART_HEIGHT = 260;
/**
 * The height the chart and its one-line summary take, kept by the skeleton and the empty text too: a card does
 * not change height when its figures arrive, and the page below it does not move (Lighthouse's layout shift).
 */
const CHART_AREA_HEIGHT = CHART_HEIGHT + 32;

/** Off screen but read by screen readers (the usual clip technique). */

function ChartSkeleton() {
  return <Skeleton variant="rounded" height={CHART_HEIGHT} aria-hidden />;
}

/** The chart's figures as a table, for screen readers: its text alternative. */
function HiddenTable({ caption, table }: { caption: string; table: FigureTable }) {
  return (
    <table style={VISUALLY_HIDDEN}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Mes</th>
          {table.columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row) => (
          <tr key={row.month}>
            <th scope="row">{row.month}</th>
            {row.cells.map((cell, index) => (
              <td key={table.columns[index]}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export interface ChartCardProps {
  title: string;
  description: string;
  /** The list the card leads to, and the link's text. */
  link: { to: string; label: string };
  emptyText: string;
  /** Undefined while loading or after a failure. */
  figures: ChartFigures | undefined;
  isError: boolean;
  /** The chart, described by the element whose id it is given. */
  chart: (describedBy: string) => ReactNode;
}

/**
 * Issue 15: a welcome chart in a card: title, what it shows, the chart (a skeleton while it loads), a one-line
 * summary that describes it, a hidden table with its figures and a link to its list.
 */
export function ChartCard({ title, description, link, emptyText, figures, isError, chart }: ChartCardProps) {
  const titleId = useId();
  const summaryId = useId();
  const isLoading = !figures && !isError;
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      aria-busy={isLoading}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={titleId} component="h2" variant="h6">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {description}
        </Typography>
        <Box
          sx={{
            minHeight: CHART_AREA_HEIGHT,
            display: 'flex',
            flexDirection: 'column',
            justifyContent: isError || figures?.isEmpty ? 'center' : 'flex-start',
          }}
        >
          {isError ? (
            <EmptyState>{MSG.noSePudieronCargar}</EmptyState>
          ) : !figures ? (
            <ChartSkeleton />
          ) : figures.isEmpty ? (
            <EmptyState>{emptyText}</EmptyState>
          ) : (
            <>
              <Suspense fallback={<ChartSkeleton />}>{chart(summaryId)}</Suspense>
              <Typography id={summaryId} variant="body2" sx={{ mt: 1 }}>
                {figures.summary}
              </Typography>
              <HiddenTable caption={`Datos del gráfico: ${title}`} table={figures.table} />
            </>
          )}
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button component={Link} to={link.to} size="small" variant="outlined">
          {link.label}
        </Button>
      </CardActions>
    </Card>
  );
}
