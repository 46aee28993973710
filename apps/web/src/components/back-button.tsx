import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { Link } from 'react-router';

/** SPEC §2: every sub-screen has a Volver button back to its area's home. */
export function BackButton({ to }: { to: string }) {
  return (
    <Button component={Link} to={to} variant="outlined" startIcon={<ArrowBackIcon />}>
      Volver
    </Button>
  );
}
