import { CARE_MESSAGES, type Client } from '@camposanto/domain';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { clientDocumentQuery } from '../../../api/documents/get-client-document';
import { DocumentLink } from '../../../components/document-link';
import { StatusBadge } from '../../../components/status-badge';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Grid>
  );
}

/** SPEC §2 Subir documento: name, address, phone and document name ('No subido' if none). */
export function ClientDetails({ client }: { client: Client }) {
  return (
    <Paper variant="outlined" component="section" aria-label="Datos del cliente" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}
      >
        <Typography variant="h2">{client.nombre}</Typography>
        {client.tiene_documento && <StatusBadge label={CARE_MESSAGES.documentoSubidoEstado} tone="success" />}
      </Stack>
      <Grid container spacing={2}>
        <Detail label="Cédula">{client.cedula}</Detail>
        <Detail label="Teléfono">{client.telefono ?? client.celular ?? '—'}</Detail>
        <Detail label="Dirección">{client.direccion ?? '—'}</Detail>
        <Detail label="Documento">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>
              {client.tiene_documento
                ? (client.nombre_documento ?? 'Documento de identidad')
                : CARE_MESSAGES.documentoNoSubido}
            </span>
            {client.tiene_documento && (
              <DocumentLink query={clientDocumentQuery(client.cedula)} owner={client.nombre} />
            )}
          </Stack>
        </Detail>
      </Grid>
    </Paper>
  );
}
