import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';

const SPINNER_SIZE = { small: 16, medium: 18, large: 20 } as const;

/** A button that, while its action runs, is disabled and shows a spinner in place of its icon. */
export function BusyButton({
  isBusy,
  icon,
  disabled,
  size = 'medium',
  ...props
}: Omit<ButtonProps, 'startIcon'> & { isBusy: boolean; icon?: ReactNode }) {
  return (
    <Button
      {...props}
      size={size}
      disabled={isBusy || disabled}
      startIcon={isBusy ? <CircularProgress size={SPINNER_SIZE[size]} color="inherit" aria-hidden /> : icon}
    />
  );
}
