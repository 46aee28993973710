import { CARE_MESSAGES, type Relative } from '@camposanto/domain';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { errorDetail } from '../../../api/client';
import { useUploadRelativeDocument } from '../../../api/documents/upload-relative-document';
import { FileInput } from '../../../components/file-input';
import { FormDialog } from '../../../components/form-dialog';
import { UploadProgress } from '../../../components/upload-progress';
import { IDENTITY_DOCUMENT_RULE } from './document-file-rule';

interface RelativeDocumentDialogProps {
  contractId: number;
  relative: Relative;
  onClose: () => void;
}

/** SPEC §2 Subir documento familiar: the upload of one relative's identity document (image or PDF). */
export function RelativeDocumentDialog({ contractId, relative, onClose }: RelativeDocumentDialogProps) {
  const upload = useUploadRelativeDocument(contractId);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [progress, setProgress] = useState<number>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) {
      setError(CARE_MESSAGES.clienteYDocumento);
      return;
    }
    setProgress(0);
    upload.mutate(
      { relativeId: relative.id, file, onProgress: setProgress },
      {
        onSuccess: () => {
          toast.success(CARE_MESSAGES.documentoIdentidadSubido);
          onClose();
        },
        onError: (failure) =>
          toast.error(CARE_MESSAGES.errorSubirDocumento(errorDetail(failure) ?? failure.message)),
        onSettled: () => setProgress(undefined),
      },
    );
  }

  return (
    <FormDialog
      title={`Documento de identidad de ${relative.nombre}`}
      isBusy={upload.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography color="text.secondary">
        {relative.parentesco}
        {relative.cedula ? ` · ${relative.cedula}` : ''} · Documento actual:{' '}
        {relative.tiene_documento
          ? (relative.nombre_documento ?? 'Documento de identidad')
          : CARE_MESSAGES.documentoNoSubido}
      </Typography>
      <FileInput
        label="Documento de identidad (imagen o PDF)"
        rule={IDENTITY_DOCUMENT_RULE}
        file={file}
        onChange={(chosen) => {
          setFile(chosen);
          setError(undefined);
        }}
        error={error}
        disabled={upload.isPending}
      />
      {progress !== undefined && <UploadProgress value={progress} label="Subiendo documento" />}
    </FormDialog>
  );
}
