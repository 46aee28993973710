import { CARE_MESSAGES, type Client } from '@camposanto/domain';
import SaveIcon from '@mui/icons-material/Save';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorDetail } from '../../../api/client';
import { useUploadClientDocument } from '../../../api/documents/upload-client-document';
import { FileInput } from '../../../components/file-input';
import { UploadProgress } from '../../../components/upload-progress';
import { IDENTITY_DOCUMENT_RULE } from './document-file-rule';

/** SPEC §2 Subir documento: a file (image or PDF) and 'Guardar', which needs a client and a document. */
export function DocumentUploadForm({ client }: { client: Client | undefined }) {
  const upload = useUploadClientDocument();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number>();

  function save() {
    if (!client || !file) {
      toast.error(CARE_MESSAGES.clienteYDocumento);
      return;
    }
    setProgress(0);
    upload.mutate(
      { cedula: client.cedula, file, onProgress: setProgress },
      {
        onSuccess: () => {
          toast.success(CARE_MESSAGES.documentoSubido);
          setFile(null);
        },
        onError: (error) =>
          toast.error(CARE_MESSAGES.errorSubirDocumento(errorDetail(error) ?? error.message)),
        onSettled: () => setProgress(undefined),
      },
    );
  }

  return (
    <Paper variant="outlined" component="section" aria-label="Subir documento" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <FileInput
          label={
            client?.tiene_documento
              ? 'Reemplazar documento de identidad (imagen o PDF)'
              : 'Documento de identidad (imagen o PDF)'
          }
          rule={IDENTITY_DOCUMENT_RULE}
          file={file}
          onChange={setFile}
          disabled={upload.isPending}
        />
        {progress !== undefined && <UploadProgress value={progress} label="Subiendo documento" />}
        <div>
          <Button variant="contained" startIcon={<SaveIcon />} onClick={save} disabled={upload.isPending}>
            {upload.isPending ? 'Guardando...' : 'Guardar'}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
