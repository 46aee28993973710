import { CLIENT_MESSAGES } from '@camposanto/domain';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useObjectUrl } from '../../../components/blob-image';
import { FILE_RULES, FileInput, type FileRule } from '../../../components/file-input';

// SPEC §5: the identity document is an image only, refused with the client's own text.
const IDENTITY_IMAGE: FileRule = { ...FILE_RULES.image, invalidMessage: CLIENT_MESSAGES.documentoImagen };

interface IdentityDocumentFieldProps {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}

/** The client's identity document: an image, shown with its preview and file name. */
export function IdentityDocumentField({ file, onChange, disabled = false }: IdentityDocumentFieldProps) {
  const preview = useObjectUrl(file ?? undefined);
  return (
    <Stack spacing={1}>
      <FileInput
        label="Documento de Identidad (imagen)"
        rule={IDENTITY_IMAGE}
        file={file}
        onChange={onChange}
        disabled={disabled}
      />
      {preview && (
        <Box
          component="img"
          src={preview}
          alt={`Vista previa de ${file?.name ?? 'documento'}`}
          sx={{
            maxWidth: 240,
            maxHeight: 160,
            objectFit: 'contain',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
          }}
        />
      )}
    </Stack>
  );
}
