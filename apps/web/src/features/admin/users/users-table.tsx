import { ROL_LABELS, type User } from '@camposanto/domain';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePagination,
  type DataTableSort,
} from '../../../components/data-table';

interface UsersTableProps {
  users: readonly User[];
  isLoading: boolean;
  emptyText: string;
  /** The user whose active flag is being saved: its switch waits. */
  savingUserId?: number;
  onToggleActive: (user: User, isActive: boolean) => void;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  /** Issue 15: pages and order on the server. */
  pagination: DataTablePagination;
  sort: DataTableSort;
}

// SPEC §2 Admin screen 1 uses pages of 10, 25 or 50 (on the server since issue 15).
export const USER_PAGE_SIZES = [10, 25, 50] as const;

export function UsersTable({
  users,
  isLoading,
  emptyText,
  savingUserId,
  onToggleActive,
  onEdit,
  onDelete,
  pagination,
  sort,
}: UsersTableProps) {
  const columns: DataTableColumn<User>[] = [
    { key: 'username', header: 'Nombre y Apellido', sortField: 'username', render: (user) => user.username },
    { key: 'email', header: 'Email', sortField: 'email', render: (user) => user.email },
    { key: 'rol', header: 'Rol', sortField: 'rol', render: (user) => ROL_LABELS[user.rol] ?? user.rol },
    {
      key: 'activo',
      header: 'Activo',
      sortField: 'is_active',
      align: 'center',
      render: (user) => (
        <Switch
          checked={user.is_active}
          disabled={savingUserId === user.id}
          onChange={(event) => onToggleActive(user, event.target.checked)}
          slotProps={{ input: { 'aria-label': 'Activo' } }}
        />
      ),
    },
    {
      key: 'acciones',
      header: 'Acciones',
      align: 'center',
      render: (user) => (
        <>
          <Tooltip title="Editar">
            <IconButton aria-label="Editar" color="primary" onClick={() => onEdit(user)}>
              <EditIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title="Eliminar">
            <IconButton aria-label="Eliminar" color="error" onClick={() => onDelete(user)}>
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        </>
      ),
    },
  ];

  return (
    <DataTable
      label="Usuarios"
      columns={columns}
      rows={users}
      rowKey={(user) => user.id}
      emptyText={emptyText}
      isLoading={isLoading}
      pagination={pagination}
      sort={sort}
    />
  );
}
