import { MSG, type PlotRow } from '@camposanto/domain';
import MapIcon from '@mui/icons-material/Map';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { useState } from 'react';
import { withDetail } from '../../../api/client';
import { PLOTS_PATH, usePlots } from '../../../api/inventory/get-plots';
import { listEmptyText, ListToolbar } from '../../../components/list-toolbar';
import { PageHeader } from '../../../components/page-header';
import { useListParams } from '../../../lib/use-list-params';
import { useStepBackWhenEmpty } from '../../../lib/use-table-page';
import { PlotDialog } from './plot-dialog';
import { PlotUploadPanel } from './plot-upload-panel';
import { PLOT_PAGE_SIZE, PlotsTable } from './plots-table';

/** SPEC §2 Admin screen 11: the plot inventory, its uploads and the row editor. */
export function PlotsPage() {
  // Issue 15 (decision 032): page, search, order and the availability filter live in the URL.
  const list = useListParams({ filters: ['disponibilidad'], defaultPageSize: PLOT_PAGE_SIZE });
  const plots = usePlots(list.page + 1, PLOT_PAGE_SIZE, list.query);
  useStepBackWhenEmpty(list, plots.data?.items.length);
  const [editing, setEditing] = useState<PlotRow | null>(null);

  return (
    <>
      <PageHeader
        title="Parcelas"
        backTo="/administracion"
        actions={
          <Button
            component={RouterLink}
            to="/administracion/mapa-parcelas"
            variant="outlined"
            startIcon={<MapIcon />}
          >
            Ver mapa
          </Button>
        }
      />
      <Stack spacing={3}>
        <PlotUploadPanel />
        <div>
          <ListToolbar
            q={list.q}
            onSearch={list.setQ}
            searchLabel="Buscar por código"
            filters={[
              {
                name: 'disponibilidad',
                label: 'Disponibilidad',
                value: list.filters.disponibilidad,
                options: [
                  { value: 'con_puestos', label: 'Con puestos disponibles' },
                  { value: 'sin_puestos', label: 'Sin puestos disponibles' },
                ],
                onChange: (value) => list.setFilter('disponibilidad', value),
              },
            ]}
            exportCsv={{ path: PLOTS_PATH, query: list.query, name: 'parcelas' }}
          />
          <PlotsTable
            plots={plots.data?.items ?? []}
            total={plots.data?.total ?? 0}
            page={list.page}
            onPageChange={list.setPage}
            isLoading={plots.isPending}
            emptyText={
              plots.isError
                ? withDetail(MSG.errorCargarDatos, plots.error)
                : listEmptyText(list.q, MSG.sinParcelas)
            }
            onEdit={setEditing}
            sort={{ orden: list.orden, onSortChange: list.setOrden }}
          />
        </div>
      </Stack>
      {editing && <PlotDialog plot={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
