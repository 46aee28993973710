import { MSG, type PlotRow } from '@camposanto/domain';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { withDetail } from '../../../api/client';
import { usePlots } from '../../../api/inventory/get-plots';
import { PageHeader } from '../../../components/page-header';
import { PlotDialog } from './plot-dialog';
import { PlotUploadPanel } from './plot-upload-panel';
import { PLOT_PAGE_SIZE, PlotsTable } from './plots-table';

/** SPEC §2 Admin screen 11: the plot inventory, its uploads and the row editor. */
export function PlotsPage() {
  const [page, setPage] = useState(0);
  const plots = usePlots(page + 1, PLOT_PAGE_SIZE);
  const [editing, setEditing] = useState<PlotRow | null>(null);

  return (
    <>
      <PageHeader title="Parcelas" backTo="/administracion" />
      <Stack spacing={3}>
        <PlotUploadPanel />
        <PlotsTable
          plots={plots.data?.items ?? []}
          total={plots.data?.total ?? 0}
          page={page}
          onPageChange={setPage}
          isLoading={plots.isPending}
          emptyText={plots.isError ? withDetail(MSG.errorCargarDatos, plots.error) : MSG.sinParcelas}
          onEdit={setEditing}
        />
      </Stack>
      {editing && <PlotDialog plot={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
