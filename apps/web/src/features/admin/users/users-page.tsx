import { MSG, ROL_LABELS, ROLES, type User } from '@camposanto/domain';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { withDetail } from '../../../api/client';
import { useDeleteUser } from '../../../api/users/delete-user';
import { USERS_PATH, useUsers } from '../../../api/users/get-users';
import { useSetUserActive } from '../../../api/users/set-user-active';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { listEmptyText, ListToolbar } from '../../../components/list-toolbar';
import { PageHeader } from '../../../components/page-header';
import { useStepBackWhenEmpty } from '../../../lib/use-table-page';
import { useListParams } from '../../../lib/use-list-params';
import { AddUserDialog } from './add-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { USER_PAGE_SIZES, UsersTable } from './users-table';

type UserDialog = { mode: 'add' } | { mode: 'edit'; user: User } | null;

/** SPEC §2 Admin screen 1: Usuarios. */
export function UsersPage() {
  const list = useListParams({ filters: ['rol', 'activo'] });
  const users = useUsers(list.query, { page: list.page + 1, perPage: list.pageSize });
  useStepBackWhenEmpty(list, users.data?.items.length);
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
      <ListToolbar
        q={list.q}
        onSearch={list.setQ}
        searchLabel="Buscar por nombre, email o cédula"
        filters={[
          {
            name: 'rol',
            label: 'Rol',
            value: list.filters.rol,
            options: ROLES.map((rol) => ({ value: rol, label: ROL_LABELS[rol] })),
            onChange: (value) => list.setFilter('rol', value),
          },
          {
            name: 'activo',
            label: 'Activo',
            value: list.filters.activo,
            options: [
              { value: 'true', label: 'Activos' },
              { value: 'false', label: 'Inactivos' },
            ],
            onChange: (value) => list.setFilter('activo', value),
          },
        ]}
        exportCsv={{ path: USERS_PATH, query: list.query, name: 'usuarios' }}
      />
      <UsersTable
        users={users.data?.items ?? []}
        isLoading={users.isPending}
        emptyText={users.isError ? MSG.errorCargarUsuarios : listEmptyText(list.q, MSG.sinUsuarios)}
        pagination={{
          mode: 'server',
          pageSizes: USER_PAGE_SIZES,
          page: list.page,
          pageSize: list.pageSize,
          total: users.data?.total ?? 0,
          onPageChange: list.setPage,
          onPageSizeChange: list.setPageSize,
        }}
        sort={{ orden: list.orden, onSortChange: list.setOrden }}
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
