import {
  DEFAULT_LIST_PAGE_SIZE,
  INCOME_MESSAGES,
  LIST_PAGE_SIZES,
  PAYMENT_LIST_MESSAGES,
} from '@camposanto/domain';
import Alert from '@mui/material/Alert';
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import {
  INCOME_SUMMARY_PATH,
  incomeQuery,
  incomeSummaryQuery,
  type IncomeFilters as Filters,
} from '../../../api/income/get-income-summary';
import { DataTable } from '../../../components/data-table';
import { listEmptyText, ListToolbar } from '../../../components/list-toolbar';
import { PageHeader } from '../../../components/page-header';
import { useListParams } from '../../../lib/use-list-params';
import { IncomeContractsCsvButton } from './income-contracts-csv-button';
import { downloadFile } from '../shared/download-file';
import { CONTRACT_COLUMNS, SUMMARY_COLUMNS, tableColumns } from './income-columns';
import { incomeCsv } from './income-csv';
import { IncomeFilters, isRangeInverted } from './income-filters';
import { IncomeTotalsFooter } from './income-totals-footer';

// Issue 15: the filters live in the URL under the API's own words, so a reload or a shared link shows the same.
const FILTERS = ['supervisor_id', 'vendedor_id', 'modalidad', 'fecha_inicio', 'fecha_fin'] as const;
const summaryColumns = tableColumns(SUMMARY_COLUMNS);
const contractColumns = tableColumns(CONTRACT_COLUMNS);
const contractColumnKeys = CONTRACT_COLUMNS.map((column) => column.key);

/** SPEC §2 Admin screen 9 'Historial de ingresos'. */
export function IncomePage() {
  const list = useListParams({ filters: FILTERS, defaultPageSize: DEFAULT_LIST_PAGE_SIZE });
  const filters: Filters = {
    supervisorId: list.filters.supervisor_id,
    sellerId: list.filters.vendedor_id,
    modalidad: list.filters.modalidad,
    startDate: list.filters.fecha_inicio,
    endDate: list.filters.fecha_fin,
  };
  const words = { q: list.q, orden: list.orden ?? '' };
  const isValid = !isRangeInverted(filters);
  const income = useQuery({
    ...incomeSummaryQuery(filters, list.page + 1, list.pageSize, words),
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
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <IncomeContractsCsvButton
              path={INCOME_SUMMARY_PATH}
              query={incomeQuery(filters, words)}
              disabled={!isValid}
            />
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
          </Stack>
        }
      />
      <IncomeFilters
        filters={filters}
        onChange={(next) =>
          list.setFilters({
            supervisor_id: next.supervisorId,
            vendedor_id: next.sellerId,
            modalidad: next.modalidad,
            fecha_inicio: next.startDate,
            fecha_fin: next.endDate,
          })
        }
      />
      <ListToolbar
        q={list.q}
        onSearch={list.setQ}
        searchLabel="Buscar contratos por cliente, cédula o número"
      />
      {list.q && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {PAYMENT_LIST_MESSAGES.totalesSinBusqueda}
        </Alert>
      )}
      <Stack spacing={3}>
        <section>
          <Typography variant="h2" sx={{ fontSize: '1.4rem', mb: 1, color: 'primary.main' }}>
            Resumen por supervisor y vendedor
          </Typography>
          <DataTable
            label="Resumen por supervisor y vendedor"
            cardsBelow="md"
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
            cardsBelow="md"
            columns={contractColumns}
            rows={data?.contratos ?? []}
            rowKey={(contract) => contract.id}
            emptyText={income.isError ? emptyText : listEmptyText(list.q, emptyText)}
            isLoading={isLoading}
            pagination={{
              mode: 'server',
              pageSizes: LIST_PAGE_SIZES,
              page: list.page,
              pageSize: list.pageSize,
              total: data?.total_contratos ?? 0,
              onPageChange: list.setPage,
              onPageSizeChange: list.setPageSize,
            }}
            sort={{ orden: list.orden, onSortChange: list.setOrden }}
            footer={data && <IncomeTotalsFooter totales={data.totales} columnKeys={contractColumnKeys} />}
          />
        </section>
      </Stack>
    </>
  );
}
