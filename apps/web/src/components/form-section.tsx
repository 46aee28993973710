import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

interface FormSectionProps {
  /** The section's heading, as the specification writes it (e.g. 'DATOS DEL CLIENTE'). */
  title: string;
  /** Buttons on the heading's right. */
  actions?: ReactNode;
  children: ReactNode;
}

/** One titled part of a long form; the heading names the region for assistive technology. */
export function FormSection({ title, actions, children }: FormSectionProps) {
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.2rem', color: 'primary.main' }}>
          {title}
        </Typography>
        {actions}
      </Stack>
      {children}
    </Paper>
  );
}
