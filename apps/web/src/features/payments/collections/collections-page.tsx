import { COLLECTION_BUCKETS as BUCKETS, type CollectionItem } from '@camposanto/domain';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { withDetail } from '../../../api/client';
import { getCollectionsCsv, useCollections } from '../../../api/collections/get-collections';
import { useSendReminder } from '../../../api/collections/send-reminder';
import { saveBlob } from '../../../api/pdf/download-pdf';
import { useTeamSellers } from '../../../api/sales-lists/get-team-sellers';
import { getSellers, sellersErrorText, sellersQueryKey } from '../../../api/sellers/get-sellers';
import { BusyButton } from '../../../components/busy-button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { listEmptyText, ListToolbar } from '../../../components/list-toolbar';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session';
import { useStepBackWhenEmpty, useTablePage } from '../../../lib/use-table-page';
import { RemindersDialog } from '../shared/reminders-dialog';
import { BucketCards } from './bucket-cards';
import { CollectionFiltersBar, type FilterOption } from './collection-filters-bar';
import { CollectionRowActions } from './collection-row-actions';
import { filtersFor, readFilters, writeFilters, type CollectionFilters } from './collection-filters';
import { CollectionsTable } from './collections-table';
import { COLLECTION_SCREEN_MESSAGES as TEXT } from '../shared/collection-messages';

// The chart library is loaded with this screen's chart only (docs/decisions/009).
const BucketChart = lazy(() => import('./bucket-chart'));

const byLabel = (a: FilterOption, b: FilterOption) => a.label.localeCompare(b.label, 'es');

/**
 * The sellers and supervisors the role may filter by: the office chooses among all, a supervisor among their
 * team; a seller has no filter (the server shows them their own contracts only).
 */
function useFilterOptions(filters: ReturnType<typeof filtersFor>, rol: string | undefined, userId?: string) {
  const isOffice = filters.supervisor;
  const all = useQuery({
    queryKey: sellersQueryKey,
    queryFn: getSellers,
    enabled: isOffice,
    meta: { errorMessage: sellersErrorText },
  });
  const team = useTeamSellers(rol === 'supervisor' ? userId : undefined);
  if (isOffice) {
    return {
      sellers: (all.data?.vendedores ?? [])
        .map((seller) => ({ value: String(seller.id), label: seller.nombre }))
        .sort(byLabel),
      supervisors: (all.data?.usuarios ?? [])
        .filter((user) => user.rol === 'supervisor')
        .map((user) => ({ value: String(user.id), label: user.username }))
        .sort(byLabel),
    };
  }
  if (filters.seller) {
    return {
      sellers: (team.data ?? [])
        .map((seller) => ({ value: String(seller.id), label: seller.usuario }))
        .sort(byLabel),
      supervisors: undefined,
    };
  }
  return { sellers: undefined, supervisors: undefined };
}

/** Issue 14 Cobranza: the overdue instalments by contract, their aging, and the reminders. One screen, two routes. */
export function CollectionsPage({ backTo }: { backTo: string }) {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params, session?.rol);
  const offered = filtersFor(session?.rol);
  const options = useFilterOptions(offered, session?.rol, session?.userId);
  const table = useTablePage();
  const list = useCollections(filters, { page: table.page + 1, perPage: table.pageSize });
  useStepBackWhenEmpty(table, list.data?.items.length);
  const reminder = useSendReminder();
  const [confirming, setConfirming] = useState<CollectionItem>();
  const [viewing, setViewing] = useState<CollectionItem>();
  const [isExporting, setIsExporting] = useState(false);

  function changeFilters(next: CollectionFilters) {
    table.setPage(0);
    setParams(writeFilters(params, next), { replace: true });
  }

  async function exportCsv() {
    setIsExporting(true);
    try {
      const blob = await getCollectionsCsv(filters);
      saveBlob(blob, `cobranza-${dayjs().format('YYYY-MM-DD')}.csv`);
    } catch (error) {
      toast.error(withDetail(TEXT.errorExportar, error));
    } finally {
      setIsExporting(false);
    }
  }

  function send() {
    const row = confirming;
    if (!row) return;
    setConfirming(undefined);
    reminder.mutate(row.contrato_id, {
      onSuccess: (sent) => toast.success(TEXT.recordatorioEnviadoA(sent.destinatario)),
      onError: (error) => toast.error(withDetail(TEXT.errorEnviarRecordatorio, error)),
    });
  }

  const totals = list.data?.totales;
  const hasDebt = Boolean(totals && BUCKETS.some((bucket) => totals[bucket] > 0));
  const isFiltered = [filters.vendedor_id, filters.supervisor_id, filters.tramo, filters.servicio].some(
    Boolean,
  );
  const emptyText = list.isError
    ? TEXT.errorCargarCobranza
    : listEmptyText(filters.q, isFiltered ? TEXT.sinDeudas : TEXT.sinCuotasVencidas);

  return (
    <>
      <PageHeader title="Cobranza" backTo={backTo} />
      {list.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {withDetail(TEXT.errorCargarCobranza, list.error)}
        </Alert>
      )}
      <ListToolbar
        q={filters.q}
        onSearch={(q) => changeFilters({ ...filters, q: q.trim() })}
        searchLabel="Buscar por cliente, cédula o contrato"
      />
      <CollectionFiltersBar
        filters={filters}
        onChange={changeFilters}
        sellers={options.sellers}
        supervisors={options.supervisors}
        actions={
          <BusyButton
            variant="outlined"
            isBusy={isExporting}
            icon={<FileDownloadIcon />}
            onClick={exportCsv}
            disabled={!list.data || list.data.total === 0}
          >
            Exportar CSV
          </BusyButton>
        }
      />
      <BucketCards totals={totals} />
      {totals && hasDebt && (
        <Paper
          variant="outlined"
          component="section"
          aria-label="Gráfico por antigüedad"
          sx={{ p: 1, mb: 2 }}
        >
          <Suspense fallback={<LoadingState />}>
            <BucketChart totals={totals} />
          </Suspense>
        </Paper>
      )}
      <CollectionsTable
        rows={list.data?.items ?? []}
        isLoading={list.isPending || list.isPlaceholderData}
        emptyText={emptyText}
        pagination={table.pagination(list.data?.total ?? 0)}
        sort={{
          orden: filters.orden || undefined,
          onSortChange: (orden) => changeFilters({ ...filters, orden }),
        }}
        renderActions={(row) => (
          <CollectionRowActions
            row={row}
            isSending={reminder.isPending && reminder.variables === row.contrato_id}
            onSend={setConfirming}
            onShowReminders={setViewing}
          />
        )}
      />
      <ConfirmDialog
        open={Boolean(confirming)}
        title="Enviar recordatorio"
        message={confirming ? TEXT.confirmarRecordatorio(confirming.cliente, confirming.numero_contrato) : ''}
        confirmLabel="Enviar"
        onConfirm={send}
        onClose={() => setConfirming(undefined)}
      />
      {viewing && (
        <RemindersDialog
          contractId={viewing.contrato_id}
          contractNumber={viewing.numero_contrato}
          onClose={() => setViewing(undefined)}
        />
      )}
    </>
  );
}

export function AdminCollectionsPage() {
  return <CollectionsPage backTo="/administracion" />;
}

export function SalesCollectionsPage() {
  return <CollectionsPage backTo="/ventas" />;
}
