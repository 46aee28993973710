import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { clientQuery } from '../../../api/documents/find-client';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { ClientDetails } from './client-details';
import { ClientSearchForm } from './client-search-form';
import { DocumentUploadForm } from './document-upload-form';

/** SPEC §2 Subir documento (/ventas/subir-documento): a client's identity document, image or PDF. */
export function UploadClientDocumentPage() {
  const [cedula, setCedula] = useState('');
  const client = useQuery(clientQuery(cedula));

  function search(value: string) {
    if (value === cedula) void client.refetch();
    else setCedula(value);
  }

  return (
    <>
      <PageHeader title="Subir Documento" backTo="/ventas" />
      <Stack spacing={3} sx={{ maxWidth: 900 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <ClientSearchForm isSearching={client.isFetching} onSearch={search} />
        </Paper>
        {client.isFetching && !client.data && <LoadingState />}
        {client.data && <ClientDetails client={client.data} />}
        {/* Keyed by the client: another client starts with no file chosen. */}
        <DocumentUploadForm key={client.data?.id ?? 'ninguno'} client={client.data} />
      </Stack>
    </>
  );
}
