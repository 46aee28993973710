import { CARE_MESSAGES, type AuthorizedPerson } from '@camposanto/domain';
import { authorizedDocumentQuery } from '../../../api/authorized/get-authorized-document';
import { useAuthorized } from '../../../api/authorized/get-authorized';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DocumentLink } from '../../../components/document-link';

const columns: DataTableColumn<AuthorizedPerson>[] = [
  { key: 'nombre', header: 'Nombre', render: (person) => person.nombre },
  { key: 'cedula', header: 'Cédula', noWrap: true, render: (person) => person.cedula },
  {
    key: 'telefono',
    header: 'Teléfono',
    noWrap: true,
    render: (person) => person.telefono ?? person.celular ?? '—',
  },
  { key: 'email', header: 'Email', render: (person) => person.email ?? '—' },
  {
    key: 'documento',
    header: 'Documento',
    render: (person) =>
      person.tiene_documento ? (
        <DocumentLink query={authorizedDocumentQuery(person.id)} owner={person.nombre} />
      ) : (
        CARE_MESSAGES.documentoNoSubido
      ),
  },
];

/** SPEC §2 Autorizados: the expandable list of a contract's persons (name, cédula, phone, email). */
export function AuthorizedPersonsList({ contractId, label }: { contractId: number; label: string }) {
  const persons = useAuthorized(contractId);
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={persons.data ?? []}
      rowKey={(person) => person.id}
      isLoading={persons.isPending}
      emptyText={persons.isError ? CARE_MESSAGES.errorObtenerAutorizados : CARE_MESSAGES.sinAutorizados}
    />
  );
}
