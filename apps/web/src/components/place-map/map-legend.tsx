import { MAP_STATES, type MapState } from '@camposanto/domain';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { STATE_COLORS } from './map-colors';

/** What each colour means, with how many of the places drawn are in each state. */
export function MapLegend({
  labels,
  counts,
}: {
  labels: Record<MapState, string>;
  counts: Record<MapState, number>;
}) {
  return (
    <Stack
      component="ul"
      aria-label="Leyenda"
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }}
    >
      {MAP_STATES.map((state) => (
        <Stack component="li" key={state} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box aria-hidden sx={{ width: 18, height: 18, borderRadius: 0.5, bgcolor: STATE_COLORS[state] }} />
          <Typography variant="body2">
            {labels[state]} ({counts[state]})
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/** How many places are in each state. */
export function countStates(places: ReadonlyArray<{ estado: MapState }>): Record<MapState, number> {
  const counts = Object.fromEntries(MAP_STATES.map((state) => [state, 0])) as Record<MapState, number>;
  for (const place of places) counts[place.estado] += 1;
  return counts;
}
