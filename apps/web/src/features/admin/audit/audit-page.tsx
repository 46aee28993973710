import {
  AUDIT_ACTION_LABELS,
  auditActionLabel,
  MSG,
  ROL_LABELS,
  type AuditRecord,
  type Rol,
} from '@camposanto/domain';
import dayjs from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  auditQueryKey,
  useAuditRecords,
  type AuditFilters as Filters,
} from '../../../api/audit/get-audit-records';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { listEmptyText, ListToolbar } from '../../../components/list-toolbar';
import { PageHeader } from '../../../components/page-header';
import { useListParams } from '../../../lib/use-list-params';
import { useStepBackWhenEmpty } from '../../../lib/use-table-page';
import { AuditFilters } from './audit-filters';

const AUDIT_PATH = '/api/v1/admin/auditoria';
const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }));

// SPEC §9: the audit list pages 10, 25, 50 or 100 rows, default 10; issue 12 pages it on the server.
const PAGE_SIZES = [10, 25, 50, 100] as const;

const columns: DataTableColumn<AuditRecord>[] = [
  { key: 'usuario', header: 'Usuario', sortField: 'username', render: (record) => record.username },
  {
    key: 'rol',
    header: 'Rol',
    sortField: 'rol',
    render: (record) => ROL_LABELS[record.rol as Rol] ?? record.rol,
  },
  // Issue 15: the action in Spanish ('Crear usuario'), not its code.
  {
    key: 'accion',
    header: 'Acción',
    sortField: 'accion',
    render: (record) => auditActionLabel(record.accion),
  },
  { key: 'descripcion', header: 'Descripción', render: (record) => record.descripcion },
  // SPEC §2: Fecha as DD/MM/YYYY HH:mm, in the browser's local time.
  {
    key: 'fecha',
    header: 'Fecha',
    sortField: 'fecha',
    noWrap: true,
    render: (record) => dayjs(record.fecha).format('DD/MM/YYYY HH:mm'),
  },
];

/** SPEC §2 Admin screen 3: Auditoría de movimientos. */
export function AuditPage() {
  const queryClient = useQueryClient();
  // Issue 15: page, search, order and filters in the URL (decision 032).
  const list = useListParams({ filters: ['rol', 'desde', 'hasta', 'accion'] });
  const { rol, desde, hasta } = list.filters;
  const filters: Filters = { rol, desde, hasta };
  // The server's pages are 1-based.
  const audit = useAuditRecords(list.query, { page: list.page + 1, perPage: list.pageSize });
  useStepBackWhenEmpty(list, audit.data?.items.length);

  // SPEC §8: an audit failure is logged only.
  useEffect(() => {
    if (audit.error) console.error('Error al cargar la auditoría.', audit.error);
  }, [audit.error]);

  function apply(next: Filters) {
    // A filter starts again from the first page; the same filters again still mean "show me what is new": the
    // log grows while one looks at it.
    if (JSON.stringify(next) === JSON.stringify(filters)) {
      list.setPage(0);
      void queryClient.invalidateQueries({ queryKey: auditQueryKey });
    } else list.setFilters(next);
  }

  return (
    <>
      <PageHeader title="Auditoría de movimientos" backTo="/administracion" />
      <AuditFilters initial={filters} onApply={apply} />
      <ListToolbar
        q={list.q}
        onSearch={list.setQ}
        searchLabel="Buscar por usuario, acción o descripción"
        filters={[
          {
            name: 'accion',
            label: 'Acción',
            value: list.filters.accion,
            options: ACTION_OPTIONS,
            onChange: (value) => list.setFilter('accion', value),
          },
        ]}
        exportCsv={{ path: AUDIT_PATH, query: list.query, name: 'auditoria' }}
      />
      <DataTable
        label="Registros de auditoría"
        columns={columns}
        rows={audit.data?.items ?? []}
        rowKey={(record) => record.id}
        emptyText={audit.isError ? MSG.noSePudieronCargar : listEmptyText(list.q, MSG.sinRegistrosAuditoria)}
        isLoading={audit.isPending || audit.isPlaceholderData}
        pagination={{
          mode: 'server',
          pageSizes: PAGE_SIZES,
          page: list.page,
          pageSize: list.pageSize,
          total: audit.data?.total ?? 0,
          onPageChange: list.setPage,
          onPageSizeChange: list.setPageSize,
        }}
        sort={{ orden: list.orden, onSortChange: list.setOrden }}
      />
    </>
  );
}
