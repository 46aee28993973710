import Chip from '@mui/material/Chip';

export type StatusTone = 'success' | 'error' | 'warning' | 'default';

/** A state shown as a coloured badge (SPEC §4: green, red or yellow by state). */
export function StatusBadge({ label, tone }: { label: string; tone: StatusTone }) {
  return <Chip label={label} color={tone} size="small" sx={{ fontWeight: 600 }} />;
}
