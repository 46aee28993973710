import { PAYMENT_MESSAGES } from '@camposanto/domain';
import Alert from '@mui/material/Alert';
import { useFinancedContracts } from '../../../api/instalments/get-financed-contracts';
import { PageHeader } from '../../../components/page-header';
import { ContractInstalments } from './contract-instalments';
import { FinancedContractsTable } from './financed-contracts-table';

/** SPEC §2 Admin screen 7 and the sales 'Reporte de cuotas': one screen, two routes. */
export function InstalmentsPage({ title, backTo }: { title: string; backTo: string }) {
  const contracts = useFinancedContracts();
  return (
    <>
      <PageHeader title={title} backTo={backTo} />
      {contracts.isError && (
        // SPEC §8: the contracts' failure is an alert.
        <Alert severity="error" sx={{ mb: 2 }}>
          {PAYMENT_MESSAGES.errorContratos}
        </Alert>
      )}
      <FinancedContractsTable
        contracts={contracts.data ?? []}
        isLoading={contracts.isPending}
        renderInstalments={(contract) => <ContractInstalments contract={contract} />}
      />
    </>
  );
}

export function AdminInstalmentsPage() {
  return <InstalmentsPage title="Historial de Cuotas" backTo="/administracion" />;
}

export function SalesInstalmentsPage() {
  return <InstalmentsPage title="Reporte de Cuotas" backTo="/ventas" />;
}
