import type { PlotRow } from '@camposanto/domain';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { DataTable, type DataTableColumn, type DataTableSort } from '../../../components/data-table';

// SPEC §2 Admin screen 11 and §9: the plot inventory is paged by 10, the only option.
export const PLOT_PAGE_SIZE = 10;

interface PlotsTableProps {
  plots: readonly PlotRow[];
  total: number;
  /** Zero-based. */
  page: number;
  onPageChange: (page: number) => void;
  isLoading: boolean;
  emptyText: string;
  onEdit: (plot: PlotRow) => void;
  /** Issue 15: sorted on the server. */
  sort?: DataTableSort;
}

const count = (key: keyof PlotRow & string, header: string): DataTableColumn<PlotRow> => ({
  key,
  header,
  align: 'right',
  sortField: key,
  render: (plot) => plot[key],
});

export function PlotsTable({
  plots,
  total,
  page,
  onPageChange,
  isLoading,
  emptyText,
  onEdit,
  sort,
}: PlotsTableProps) {
  const columns: DataTableColumn<PlotRow>[] = [
    { key: 'codigo', header: 'Código', noWrap: true, sortField: 'codigo', render: (plot) => plot.codigo },
    count('puestos', 'Puestos'),
    count('disponible', 'Disponible'),
    count('reservadas', 'Reservadas'),
    count('ocupadas', 'Ocupadas'),
    count('vendidas', 'Vendidas'),
    {
      key: 'acciones',
      header: 'Acciones',
      align: 'center',
      render: (plot) => (
        <Tooltip title="Editar">
          <IconButton
            aria-label={`Editar parcela ${plot.codigo}`}
            color="primary"
            onClick={() => onEdit(plot)}
          >
            <EditIcon />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  return (
    <DataTable
      label="Parcelas"
      columns={columns}
      rows={plots}
      rowKey={(plot) => plot.id}
      emptyText={emptyText}
      isLoading={isLoading}
      pagination={{
        mode: 'server',
        pageSizes: [PLOT_PAGE_SIZE],
        page,
        pageSize: PLOT_PAGE_SIZE,
        total,
        onPageChange,
        onPageSizeChange: () => onPageChange(0),
      }}
      sort={sort}
    />
  );
}
