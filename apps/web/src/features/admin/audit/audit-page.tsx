import { MSG, ROL_LABELS, type AuditRecord, type Rol } from '@camposanto/domain';
import dayjs from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  auditQueryKey,
  useAuditRecords,
  type AuditFilters as Filters,
} from '../../../api/audit/get-audit-records';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useStepBackWhenEmpty, useTablePage } from '../../../lib/use-table-page';
import { AuditFilters } from './audit-filters';

const NO_FILTERS: Filters = { rol: '', desde: '', hasta: '' };

// SPEC §9: the audit list pages 10, 25, 50 or 100 rows, default 10; issue 12 pages it on the server.
const PAGE_SIZES = [10, 25, 50, 100] as const;

const columns: DataTableColumn<AuditRecord>[] = [
  { key: 'usuario', header: 'Usuario', render: (record) => record.username },
  { key: 'rol', header: 'Rol', render: (record) => ROL_LABELS[record.rol as Rol] ?? record.rol },
  { key: 'accion', header: 'Acción', render: (record) => record.accion },
  { key: 'descripcion', header: 'Descripción', render: (record) => record.descripcion },
  // SPEC §2: Fecha as DD/MM/YYYY HH:mm, in the browser's local time.
  {
    key: 'fecha',
    header: 'Fecha',
    noWrap: true,
    render: (record) => dayjs(record.fecha).format('DD/MM/YYYY HH:mm'),
  },
];

/** SPEC §2 Admin screen 3: Auditoría de movimientos. */
export function AuditPage() {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState(NO_FILTERS);
  const table = useTablePage({ pageSizes: PAGE_SIZES, defaultPageSize: 10 });
  // The server's pages are 1-based.
  const audit = useAuditRecords(filters, { page: table.page + 1, perPage: table.pageSize });
  useStepBackWhenEmpty(table, audit.data?.items.length);

  // SPEC §8: an audit failure is logged only.
  useEffect(() => {
    if (audit.error) console.error('Error al cargar la auditoría.', audit.error);
  }, [audit.error]);

  function apply(next: Filters) {
    // A filter starts again from the first page; the same filters again still mean "show me what is new": the
    // log grows while one looks at it.
    table.setPage(0);
    if (JSON.stringify(next) === JSON.stringify(filters)) {
      void queryClient.invalidateQueries({ queryKey: auditQueryKey });
    } else setFilters(next);
  }

  return (
    <>
      <PageHeader title="Auditoría de movimientos" backTo="/administracion" />
      <AuditFilters initial={NO_FILTERS} onApply={apply} />
      <DataTable
        label="Registros de auditoría"
        columns={columns}
        rows={audit.data?.items ?? []}
        rowKey={(record) => record.id}
        emptyText={audit.isError ? MSG.noSePudieronCargar : MSG.sinRegistrosAuditoria}
        isLoading={audit.isPending || audit.isPlaceholderData}
        pagination={table.pagination(audit.data?.total ?? 0)}
      />
    </>
  );
}
