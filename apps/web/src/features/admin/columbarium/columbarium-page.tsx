import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { PageHeader } from '../../../components/page-header';
import { NicheImportPanel } from './niche-import-panel';
import { NichesTable } from './niches-table';
import { SideImagesPanel } from './side-images-panel';

/** SPEC §2 Admin screen 12: the columbarium's side images, and its niche inventory. */
export function ColumbariumPage() {
  const nichesTitleId = useId();
  return (
    <>
      <PageHeader title="Columbarios" backTo="/administracion" />
      <Stack spacing={3}>
        <SideImagesPanel />
        <NicheImportPanel />
        <section aria-labelledby={nichesTitleId}>
          <Typography id={nichesTitleId} variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
            Nichos registrados
          </Typography>
          <NichesTable />
        </section>
      </Stack>
    </>
  );
}
