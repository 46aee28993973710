import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { BackButton } from './back-button';
import { PageTitle } from './page-title';

interface PageHeaderProps {
  title: ReactNode;
  /** The area's home the Volver button goes back to. */
  backTo: string;
  /** Buttons of the screen itself, on the right (e.g. 'Nuevo Usuario'). */
  actions?: ReactNode;
}

export function PageHeader({ title, backTo, actions }: PageHeaderProps) {
  return (
    <Stack spacing={2} sx={{ mb: 3 }}>
      <div>
        <BackButton to={backTo} />
      </div>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <PageTitle>{title}</PageTitle>
        {actions}
      </Stack>
    </Stack>
  );
}
