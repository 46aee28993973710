import { MSG, ROL_LABELS, type AuditRecord, type Rol } from '@camposanto/domain';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useAuditRecords, type AuditFilters as Filters } from '../../../api/audit/get-audit-records';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { AuditFilters } from './audit-filters';

const NO_FILTERS: Filters = { rol: '', desde: '', hasta: '' };

// SPEC §9: the audit list is client-side, default 10, options 10, 25, 50, 100.
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
  const [filters, setFilters] = useState(NO_FILTERS);
  const audit = useAuditRecords(filters);

  // SPEC §8: an audit failure is logged only.
  useEffect(() => {
    if (audit.error) console.error('Error al cargar la auditoría.', audit.error);
  }, [audit.error]);

  function apply(next: Filters) {
    // The same filters again still mean "show me what is new": the log grows while one looks at it.
    if (JSON.stringify(next) === JSON.stringify(filters)) void audit.refetch();
    else setFilters(next);
  }

  return (
    <>
      <PageHeader title="Auditoría de movimientos" backTo="/administracion" />
      <AuditFilters initial={NO_FILTERS} onApply={apply} />
      <DataTable
        // A new filter starts again from the first page.
        key={JSON.stringify(filters)}
        label="Registros de auditoría"
        columns={columns}
        rows={audit.data ?? []}
        rowKey={(record) => record.id}
        emptyText={audit.isError ? MSG.noSePudieronCargar : MSG.sinRegistrosAuditoria}
        isLoading={audit.isPending}
        pagination={{ mode: 'client', pageSizes: PAGE_SIZES, defaultPageSize: 10 }}
      />
    </>
  );
}
