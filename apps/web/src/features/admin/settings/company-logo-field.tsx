import { COMPANY_MESSAGES, LOGO_MAX_BYTES, LOGO_TYPES, type CompanySettings } from '@camposanto/domain';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { withDetail } from '../../../api/client';
import {
  useCompanyLogo,
  useDeleteCompanyLogo,
  useUploadCompanyLogo,
} from '../../../api/company/company-logo';
import { BlobImage } from '../../../components/blob-image';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FileInput, type FileRule } from '../../../components/file-input';
import { UploadProgress } from '../../../components/upload-progress';

// Issue 14: pdfkit embeds PNG and JPEG as they are, so the letterhead's logo is one of them.
const LOGO_RULE: FileRule = {
  accept: LOGO_TYPES.join(','),
  matches: (file) => (LOGO_TYPES as readonly string[]).includes(file.type),
  invalidMessage: COMPANY_MESSAGES.logoTipoInvalido,
};

/** The letterhead's logo: its preview, and a picker that uploads a new one at once (with progress) or removes it. */
export function CompanyLogoField({ logo }: { logo: CompanySettings['logo'] }) {
  const [progress, setProgress] = useState<number>();
  const [refusal, setRefusal] = useState<string>();
  const [isConfirming, setIsConfirming] = useState(false);
  const image = useCompanyLogo(logo?.id);
  const upload = useUploadCompanyLogo(setProgress);
  const remove = useDeleteCompanyLogo();

  function choose(file: File | null) {
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) {
      setRefusal(COMPANY_MESSAGES.logoDemasiadoGrande);
      return;
    }
    setRefusal(undefined);
    setProgress(0);
    upload.mutate(file, {
      onSuccess: () => toast.success(COMPANY_MESSAGES.logoActualizado),
      onError: (error) => toast.error(withDetail(COMPANY_MESSAGES.errorEmpresa, error)),
      onSettled: () => setProgress(undefined),
    });
  }

  function confirmRemove() {
    remove.mutate(undefined, {
      onSuccess: () => toast.success(COMPANY_MESSAGES.logoEliminado),
      onError: (error) => toast.error(withDetail(COMPANY_MESSAGES.errorEmpresa, error)),
      onSettled: () => setIsConfirming(false),
    });
  }

  return (
    <Stack spacing={1.5}>
      <BlobImage
        blob={logo ? image.data : undefined}
        alt="Logo de la empresa"
        isLoading={Boolean(logo) && image.isPending}
        emptyText={logo && image.isError ? 'No se pudo cargar el logo.' : 'La empresa no tiene logo.'}
        maxHeight={120}
      />
      <FileInput
        label={logo ? 'Reemplazar logo (PNG o JPEG, máx. 2 MB)' : 'Logo (PNG o JPEG, máx. 2 MB)'}
        rule={LOGO_RULE}
        file={upload.isPending ? (upload.variables ?? null) : null}
        onChange={choose}
        error={refusal}
        disabled={upload.isPending || remove.isPending}
      />
      {progress !== undefined && <UploadProgress value={progress} label="Subiendo logo" />}
      {logo && (
        <div>
          <Button
            color="error"
            startIcon={<DeleteIcon />}
            disabled={upload.isPending || remove.isPending}
            onClick={() => setIsConfirming(true)}
          >
            Eliminar logo
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={isConfirming}
        title="Eliminar logo"
        message="¿Eliminar el logo de la empresa? Los PDF se imprimirán sin logo."
        confirmLabel="Eliminar"
        isBusy={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setIsConfirming(false)}
      />
    </Stack>
  );
}
