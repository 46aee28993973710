import { CARE_MESSAGES, MSG } from '@camposanto/domain';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { Fragment, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { useAddAuthorized } from '../../../api/authorized/add-authorized';
import { errorDetail } from '../../../api/client';
import { FormDialog } from '../../../components/form-dialog';
import { UploadProgress } from '../../../components/upload-progress';
import { useSession } from '../../../lib/session';
import {
  authorizedResolver,
  EMPTY_PERSON,
  filledPersons,
  type AuthorizedFormValues,
} from './authorized-form';
import { AuthorizedPersonFields } from './authorized-person-fields';

interface AddAuthorizedDialogProps {
  contractId: number;
  contractNumber: string;
  /** The places left on the contract (SPEC §9: at most 2 persons). */
  remaining: number;
  onClose: () => void;
}

/** SPEC §2 Autorizados: a dialog that adds up to the places left; the second person is removable. */
export function AddAuthorizedDialog({
  contractId,
  contractNumber,
  remaining,
  onClose,
}: AddAuthorizedDialogProps) {
  const session = useSession();
  const add = useAddAuthorized();
  const [documents, setDocuments] = useState<(File | null)[]>(() => Array(remaining).fill(null));
  const [progress, setProgress] = useState<number>();
  const { register, control, handleSubmit, formState } = useForm<AuthorizedFormValues>({
    resolver: authorizedResolver,
    defaultValues: { personas: Array.from({ length: remaining }, () => ({ ...EMPTY_PERSON })) },
  });
  const personas = useFieldArray({ control, name: 'personas' });

  function removeSecond() {
    personas.remove(1);
    setDocuments((current) => current.slice(0, 1));
  }

  function addSecond() {
    personas.append({ ...EMPTY_PERSON }, { shouldFocus: true });
    setDocuments((current) => [...current, null]);
  }

  const onSubmit = handleSubmit((values) => {
    if (!session) {
      toast.error(MSG.noSePudoObtenerIdUsuario);
      return;
    }
    const persons = filledPersons(values, documents);
    if (persons.some(({ document }) => document)) setProgress(0);
    add.mutate(
      { contractId, sellerId: session.userId, persons, onProgress: setProgress },
      {
        onSuccess: () => {
          toast.success(CARE_MESSAGES.autorizadosRegistrados);
          onClose();
        },
        onError: (error) => toast.error(CARE_MESSAGES.errorRegistrar(errorDetail(error) ?? error.message)),
        onSettled: () => setProgress(undefined),
      },
    );
  });

  return (
    <FormDialog
      title={`Agregar Autorizados — ${contractNumber}`}
      isBusy={add.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {personas.fields.map((person, index) => (
        <Fragment key={person.id}>
          {index > 0 && <Divider />}
          <AuthorizedPersonFields
            index={index}
            register={register}
            control={control}
            errors={formState.errors}
            document={documents[index] ?? null}
            onDocumentChange={(file) =>
              setDocuments((current) => current.map((value, at) => (at === index ? file : value)))
            }
            onRemove={index === 1 ? removeSecond : undefined}
            disabled={add.isPending}
          />
        </Fragment>
      ))}
      {personas.fields.length < remaining && (
        <div>
          <Button startIcon={<PersonAddIcon />} onClick={addSecond} disabled={add.isPending}>
            Agregar otra persona
          </Button>
        </div>
      )}
      {progress !== undefined && <UploadProgress value={progress} label="Subiendo documentos" />}
    </FormDialog>
  );
}
