import { MSG } from '@camposanto/domain';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { withDetail } from '../../../api/client';
import { useCreateUser } from '../../../api/users/create-user';
import { FormDialog } from '../../../components/form-dialog';
import { UserFields } from './user-fields';
import { createUserResolver, EMPTY_USER_FORM, needsSellerDetails, toCreatePayload } from './user-form';

/** SPEC §2 Admin screen 1: 'Agregar Usuario'. A new user is active by default (SPEC §4). */
export function AddUserDialog({ onClose }: { onClose: () => void }) {
  const createUser = useCreateUser();
  const { register, handleSubmit, formState, control } = useForm({
    resolver: createUserResolver,
    defaultValues: EMPTY_USER_FORM,
  });
  const rol = useWatch({ control, name: 'rol' });

  const onSubmit = handleSubmit((user) =>
    createUser.mutate(toCreatePayload(user), {
      onSuccess: () => {
        toast.success(MSG.usuarioAgregado);
        onClose();
      },
      onError: (error) => toast.error(withDetail(MSG.errorGuardarUsuario, error)),
    }),
  );

  return (
    <FormDialog title="Agregar Usuario" isBusy={createUser.isPending} onSubmit={onSubmit} onClose={onClose}>
      <UserFields
        register={register}
        errors={formState.errors}
        isAdding
        showSellerDetails={needsSellerDetails(rol)}
      />
    </FormDialog>
  );
}
