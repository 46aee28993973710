import {
  VERIFICATION_FILTER_LABELS,
  VERIFICATION_FILTERS,
  VERIFICATION_MESSAGES,
  type VerificationFilter,
  type VerificationItem,
} from '@camposanto/domain';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useVerificationQueue } from '../../../api/payment-verification/get-verification-queue';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useStepBackWhenEmpty, useTablePage } from '../../../lib/use-table-page';
import { ReviewDialog } from './review-dialog';
import { VERIFICATION_TEXTS } from './texts';
import { verificationColumns } from './verification-columns';

/** Issue 14 §3 /administracion/verificacion-pagos: the reported payments by verification state. */
export function PaymentVerificationPage() {
  const [estado, setEstado] = useState<VerificationFilter>('por_verificar');
  const table = useTablePage();
  const queue = useVerificationQueue(estado, { page: table.page + 1, perPage: table.pageSize });
  const [reviewing, setReviewing] = useState<VerificationItem>();
  useStepBackWhenEmpty(table, queue.data?.items.length);

  function choose(next: VerificationFilter) {
    setEstado(next);
    table.setPage(0);
  }

  return (
    <>
      <PageHeader title={VERIFICATION_TEXTS.titulo} backTo="/administracion" />
      <Tabs
        value={estado}
        onChange={(_, value: VerificationFilter) => choose(value)}
        aria-label={VERIFICATION_TEXTS.filtro}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {VERIFICATION_FILTERS.map((filter) => (
          <Tab key={filter} value={filter} label={VERIFICATION_FILTER_LABELS[filter]} />
        ))}
      </Tabs>
      <DataTable
        label={VERIFICATION_TEXTS.tabla}
        columns={verificationColumns(setReviewing)}
        rows={queue.data?.items ?? []}
        rowKey={(payment) => payment.id}
        emptyText={
          queue.isError
            ? VERIFICATION_MESSAGES.errorCargarCola
            : estado === 'por_verificar'
              ? VERIFICATION_MESSAGES.sinPagosPorVerificar
              : VERIFICATION_MESSAGES.sinPagos
        }
        isLoading={queue.isPending || queue.isPlaceholderData}
        pagination={table.pagination(queue.data?.total ?? 0)}
      />
      {reviewing && <ReviewDialog payment={reviewing} onClose={() => setReviewing(undefined)} />}
    </>
  );
}
