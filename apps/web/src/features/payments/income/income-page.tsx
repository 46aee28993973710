import { INCOME_MESSAGES } from '@camposanto/domain';
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { incomeSummaryQuery, type IncomeFilters as Filters } from '../../../api/income/get-income-summary';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useTablePage } from '../../../lib/use-table-page';
import { downloadFile } from '../shared/download-file';
import { CONTRACT_COLUMNS, SUMMARY_COLUMNS, tableColumns } from './income-columns';
import { incomeCsv } from './income-csv';
import { IncomeFilters, isRangeInverted } from './income-filters';
import { IncomeTotalsFooter } from './income-totals-footer';

const NO_FILTERS: Filters = {
  supervisorId: '',
  sellerId: '',
  modalidad: '',
  startDate: '',
  endDate: '',
};
const summaryColumns = tableColumns(SUMMARY_COLUMNS);
const contractColumns = tableColumns(CONTRACT_COLUMNS);
const contractColumnKeys = CONTRACT_COLUMNS.map((column) => column.key);

/** SPEC §2 Admin screen 9 'Historial de ingresos'. */
export function IncomePage() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const table = useTablePage();
  const isValid = !isRangeInverted(filters);
  const income = useQuery({
    ...incomeSummaryQuery(filters, table.page + 1, table.pageSize),
    enabled: isValid,
  });
  const data = income.data;
  const isLoading = isValid && (income.isPending || income.isPlaceholderData);
  const emptyText = income.isError ? INCOME_MESSAGES.errorCargar : INCOME_MESSAGES.sinIngresos;

  return (
    <>
      <PageHeader
        title="Historial de Ingresos"
        backTo="/administracion"
        actions={
          <Button
            variant="contained"
            startIcon={<DownloadIcon />}
            disabled={!data || isLoading}
            onClick={() =>
              data &&
              downloadFile(
                incomeCsv(data),
                `historial-ingresos-${dayjs().format('YYYY-MM-DD')}.csv`,
                'text/csv;charset=utf-8',
              )
            }
          >
            Exportar CSV
          </Button>
        }
      />
      <IncomeFilters
        filters={filters}
        onChange={(next) => {
          setFilters(next);
          table.setPage(0);
        }}
      />
      <Stack spacing={3}>
        <section>
          <Typography variant="h2" sx={{ fontSize: '1.4rem', mb: 1, color: 'primary.main' }}>
            Resumen por supervisor y vendedor
          </Typography>
          <DataTable
            label="Resumen por supervisor y vendedor"
            columns={summaryColumns}
            rows={data?.vendedores ?? []}
            rowKey={(row) => row.vendedor_id}
            emptyText={emptyText}
            isLoading={isLoading}
          />
        </section>
        <section>
          <Typography variant="h2" sx={{ fontSize: '1.4rem', mb: 1, color: 'primary.main' }}>
            Contratos
          </Typography>
          <DataTable
            label="Contratos"
            columns={contractColumns}
            rows={data?.contratos ?? []}
            rowKey={(contract) => contract.id}
            emptyText={emptyText}
            isLoading={isLoading}
            pagination={table.pagination(data?.total_contratos ?? 0)}
            footer={data && <IncomeTotalsFooter totales={data.totales} columnKeys={contractColumnKeys} />}
          />
        </section>
      </Stack>
    </>
  );
}
