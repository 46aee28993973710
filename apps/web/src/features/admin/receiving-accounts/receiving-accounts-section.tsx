import { SETTINGS_MESSAGES, type ReceivingAccount } from '@camposanto/domain';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { withDetail } from '../../../api/client';
import { useDeleteReceivingAccount } from '../../../api/receiving-accounts/delete-receiving-account';
import { useReceivingAccounts } from '../../../api/receiving-accounts/get-receiving-accounts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { FormSection } from '../../../components/form-section';
import { StatusBadge } from '../../../components/status-badge';
import { AccountDialog } from './account-dialog';

type Editing = { account?: ReceivingAccount } | null;

/** Issue 10 'Configuración': the company's receiving accounts, shown to every payer in bolívares. */
export function ReceivingAccountsSection() {
  const { data, isPending, isError } = useReceivingAccounts();
  const remove = useDeleteReceivingAccount();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ReceivingAccount | null>(null);

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(SETTINGS_MESSAGES.cuentaEliminada),
      onError: (error) => toast.error(withDetail(SETTINGS_MESSAGES.errorEliminarCuenta, error)),
      onSettled: () => setDeleting(null),
    });
  }

  const columns: DataTableColumn<ReceivingAccount>[] = [
    {
      key: 'banco',
      header: 'Banco',
      render: (account) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{account.banco}</span>
          {account.es_demo && <StatusBadge label="Demostración" tone="warning" />}
        </Stack>
      ),
    },
    { key: 'titular', header: 'Titular', render: (account) => account.titular },
    { key: 'numero', header: 'Número de cuenta', render: (account) => account.numero_cuenta, noWrap: true },
    { key: 'rif', header: 'RIF', render: (account) => account.rif, noWrap: true },
    {
      key: 'telefono',
      header: 'Teléfono pago móvil',
      render: (account) => account.telefono_pago_movil ?? '—',
      noWrap: true,
    },
    {
      key: 'activa',
      header: 'Estado',
      render: (account) => (
        <StatusBadge
          label={account.activa ? 'Activa' : 'Inactiva'}
          tone={account.activa ? 'success' : 'default'}
        />
      ),
    },
    {
      key: 'acciones',
      header: 'Acciones',
      align: 'center',
      render: (account) => (
        <Stack direction="row" sx={{ justifyContent: 'center' }}>
          <Tooltip title="Editar">
            <IconButton
              aria-label={`Editar cuenta ${account.numero_cuenta}`}
              color="primary"
              onClick={() => setEditing({ account })}
            >
              <EditIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title="Eliminar">
            <IconButton
              aria-label={`Eliminar cuenta ${account.numero_cuenta}`}
              color="error"
              onClick={() => setDeleting(account)}
            >
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        </Stack>
      ),
    },
  ];

  return (
    <FormSection
      title="Cuentas receptoras"
      actions={
        <Button variant="contained" onClick={() => setEditing({})}>
          Agregar cuenta
        </Button>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Las cuentas activas se muestran en cada diálogo de pago en bolívares. Sin una cuenta activa no se
        registran pagos en bolívares.
      </Typography>
      <DataTable
        label="Cuentas receptoras"
        columns={columns}
        rows={data ?? []}
        rowKey={(account) => account.id}
        emptyText={isError ? SETTINGS_MESSAGES.errorCuentas : SETTINGS_MESSAGES.sinCuentas}
        isLoading={isPending}
      />
      {editing && <AccountDialog account={editing.account} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Eliminar cuenta"
        message={SETTINGS_MESSAGES.confirmarEliminarCuenta}
        confirmLabel="Eliminar"
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </FormSection>
  );
}
