import { MSG, type User } from '@camposanto/domain';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { withDetail } from '../../../api/client';
import { useUpdateUser } from '../../../api/users/update-user';
import { FormDialog } from '../../../components/form-dialog';
import { UserFields } from './user-fields';
import { toUpdatePayload, updateUserResolver, userToForm } from './user-form';

/** SPEC §2 Admin screen 1: 'Editar Usuario'. The seller's details are edited in Gestionar Vendedores. */
export function EditUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const updateUser = useUpdateUser();
  const { register, handleSubmit, formState } = useForm({
    resolver: updateUserResolver,
    defaultValues: userToForm(user),
  });

  const onSubmit = handleSubmit((values) =>
    updateUser.mutate(
      { id: user.id, ...toUpdatePayload(values) },
      {
        onSuccess: () => {
          toast.success(MSG.usuarioActualizado);
          onClose();
        },
        onError: (error) => toast.error(withDetail(MSG.errorGuardarUsuario, error)),
      },
    ),
  );

  return (
    <FormDialog title="Editar Usuario" isBusy={updateUser.isPending} onSubmit={onSubmit} onClose={onClose}>
      <UserFields register={register} errors={formState.errors} isAdding={false} showSellerDetails={false} />
    </FormDialog>
  );
}
