import { MSG, type User } from '@camposanto/domain';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { withDetail } from '../../../api/client';
import { useDeleteUser } from '../../../api/users/delete-user';
import { useUsers } from '../../../api/users/get-users';
import { useSetUserActive } from '../../../api/users/set-user-active';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { AddUserDialog } from './add-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { UsersTable } from './users-table';

type UserDialog = { mode: 'add' } | { mode: 'edit'; user: User } | null;

/** SPEC §2 Admin screen 1: Usuarios. */
export function UsersPage() {
  const users = useUsers();
  const setActive = useSetUserActive();
  const deleteUser = useDeleteUser();
  const [dialog, setDialog] = useState<UserDialog>(null);
  const [userToDelete, setUserToDelete] = useState<User | null>(null);

  function toggleActive(user: User, isActive: boolean) {
    setActive.mutate(
      { id: user.id, isActive },
      {
        onSuccess: () => toast.success(MSG.estadoUsuarioActualizado),
        onError: (error) => toast.error(withDetail(MSG.errorEstadoUsuario, error)),
      },
    );
  }

  function confirmDelete() {
    if (!userToDelete) return;
    deleteUser.mutate(userToDelete.id, {
      onSuccess: () => toast.success(MSG.usuarioEliminado),
      onError: (error) => toast.error(withDetail(MSG.errorEliminarUsuario, error)),
      onSettled: () => setUserToDelete(null),
    });
  }

  return (
    <>
      <PageHeader
        title="Gestionar Usuarios"
        backTo="/administracion"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'add' })}>
            Nuevo Usuario
          </Button>
        }
      />
      <UsersTable
        users={users.data ?? []}
        isLoading={users.isPending}
        emptyText={users.isError ? MSG.errorCargarUsuarios : MSG.sinUsuarios}
        savingUserId={setActive.isPending ? setActive.variables.id : undefined}
        onToggleActive={toggleActive}
        onEdit={(user) => setDialog({ mode: 'edit', user })}
        onDelete={setUserToDelete}
      />
      {dialog?.mode === 'add' && <AddUserDialog onClose={() => setDialog(null)} />}
      {dialog?.mode === 'edit' && <EditUserDialog user={dialog.user} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={userToDelete !== null}
        title="Eliminar usuario"
        message={MSG.confirmarEliminarUsuario}
        confirmLabel="Eliminar"
        isBusy={deleteUser.isPending}
        onConfirm={confirmDelete}
        onClose={() => setUserToDelete(null)}
      />
    </>
  );
}
