import { PAYMENT_MESSAGES } from '@camposanto/domain';
import Alert from '@mui/material/Alert';
import { useFinancedContracts } from '../../../api/instalments/get-financed-contracts';
import { PageHeader } from '../../../components/page-header';
import { useStepBackWhenEmpty, useTablePage } from '../../../lib/use-table-page';
import { ContractInstalments } from './contract-instalments';
import { FinancedContractsTable } from './financed-contracts-table';

/** SPEC §2 Admin screen 7 and the sales 'Reporte de cuotas': one screen, two routes. */
export function InstalmentsPage({ title, backTo }: { title: string; backTo: string }) {
  const table = useTablePage();
  // Issue 12: paged on the server, 1-based.
  const contracts = useFinancedContracts({ page: table.page + 1, perPage: table.pageSize });
  useStepBackWhenEmpty(table, contracts.data?.items.length);
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
        contracts={contracts.data?.items ?? []}
        isLoading={contracts.isPending || contracts.isPlaceholderData}
        pagination={table.pagination(contracts.data?.total ?? 0)}
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
