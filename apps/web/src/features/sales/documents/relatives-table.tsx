import { CARE_MESSAGES, type Relative } from '@camposanto/domain';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { relativeDocumentQuery } from '../../../api/documents/get-relative-document';
import { useRelatives } from '../../../api/documents/get-relatives';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DocumentLink } from '../../../components/document-link';
import { StatusBadge } from '../../../components/status-badge';
import { RelativeDocumentDialog } from './relative-document-dialog';

/** SPEC §2 Subir documento familiar: a contract's relatives (name, cédula, relationship, document). */
export function RelativesTable({ contractId, label }: { contractId: number; label: string }) {
  const relatives = useRelatives(contractId);
  const [selected, setSelected] = useState<Relative | null>(null);

  const columns: DataTableColumn<Relative>[] = [
    { key: 'nombre', header: 'Nombre', render: (relative) => relative.nombre },
    { key: 'cedula', header: 'Cédula', noWrap: true, render: (relative) => relative.cedula ?? '—' },
    { key: 'parentesco', header: 'Parentesco', render: (relative) => relative.parentesco },
    {
      key: 'documento',
      header: 'Documento',
      render: (relative) =>
        relative.tiene_documento ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{relative.nombre_documento ?? 'Documento de identidad'}</span>
            <DocumentLink query={relativeDocumentQuery(relative.id)} owner={relative.nombre} />
          </Stack>
        ) : (
          <StatusBadge label={CARE_MESSAGES.documentoNoSubido} tone="warning" />
        ),
    },
    {
      key: 'accion',
      header: 'Acción',
      align: 'center',
      render: (relative) => (
        <Button
          size="small"
          variant="outlined"
          startIcon={<UploadFileIcon />}
          onClick={() => setSelected(relative)}
          aria-label={`Subir documento de ${relative.nombre}`}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {relative.tiene_documento ? 'Reemplazar' : 'Subir documento'}
        </Button>
      ),
    },
  ];

  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        rows={relatives.data ?? []}
        rowKey={(relative) => relative.id}
        isLoading={relatives.isPending}
        emptyText={relatives.isError ? CARE_MESSAGES.errorCargarDatos : CARE_MESSAGES.sinFamiliares}
      />
      {selected && (
        <RelativeDocumentDialog
          contractId={contractId}
          relative={selected}
          onClose={() => setSelected(null)}
        />
      )}
    </>
  );
}
