import {
  CARE_MESSAGES,
  DEFAULT_LIST_PAGE_SIZE,
  LIST_PAGE_SIZES,
  serviceLabel,
  type RequestDto,
} from '@camposanto/domain';
import { usePrevisivoContracts } from '../../../api/documents/get-previsivo-contracts';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { RequestStateBadge } from '../../../components/request-state-badges';
import { formatDate } from '../../../lib/format-date';
import { RelativesTable } from './relatives-table';

/** The transaction number: the contract number, else the request number (SPEC §2 Request columns). */
const numberOf = (request: RequestDto) => request.numero_contrato ?? request.numero_solicitud;

const columns: DataTableColumn<RequestDto>[] = [
  { key: 'numero', header: 'Nº Contrato', noWrap: true, render: numberOf },
  { key: 'cliente', header: 'Cliente', render: (request) => request.cliente.nombre },
  { key: 'cedula', header: 'Cédula', noWrap: true, render: (request) => request.cliente.cedula },
  {
    key: 'plan',
    header: 'Plan',
    render: (request) => request.descripcion ?? serviceLabel(request.tipo_servicio),
  },
  {
    key: 'fecha',
    header: 'Fecha de Creación',
    noWrap: true,
    render: (request) => formatDate(request.fecha_creacion),
  },
  { key: 'estado', header: 'Estado', render: (request) => <RequestStateBadge estado={request.estado} /> },
];

/** SPEC §2 Subir documento familiar (/ventas/subir-documento-familiar). */
export function UploadRelativeDocumentPage() {
  const contracts = usePrevisivoContracts();
  return (
    <>
      <PageHeader title="Subir Documento Familiar" backTo="/ventas" />
      <DataTable
        label="Contratos previsivos"
        columns={columns}
        rows={contracts.data ?? []}
        rowKey={(request) => request.id}
        isLoading={contracts.isPending}
        emptyText={contracts.isError ? CARE_MESSAGES.errorCargarDatos : CARE_MESSAGES.sinContratosPrevisivos}
        pagination={{ mode: 'client', pageSizes: LIST_PAGE_SIZES, defaultPageSize: DEFAULT_LIST_PAGE_SIZE }}
        renderExpanded={(request) => (
          <RelativesTable contractId={request.id} label={`Familiares del contrato ${numberOf(request)}`} />
        )}
      />
    </>
  );
}
