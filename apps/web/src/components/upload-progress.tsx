import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/** DESIGN §5: uploads show a progress bar. `value` is the share sent, from 0 to 1. */
export function UploadProgress({ value, label = 'Subiendo archivos' }: { value: number; label?: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={label}
        sx={{ flexGrow: 1, height: 8, borderRadius: 1 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 40, textAlign: 'right' }}>
        {percent}%
      </Typography>
    </Box>
  );
}
