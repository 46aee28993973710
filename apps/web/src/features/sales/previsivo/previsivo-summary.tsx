import { formatUsd, fromCents, PARENTESCOS } from '@camposanto/domain';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { FormSection } from '../../../components/form-section';
import { formatDate } from '../../../lib/format-date';
import { SALES_MESSAGES } from '../messages';
import { QuoteAndSaveActions } from '../shared/quote-and-save-actions';
import { toPrevisivoQuote, type PricedRelative, type PrevisivoContract } from './previsivo-contract';

const usd = (cents: number) => formatUsd(fromCents(cents));

const CONTRACT_COLUMNS: DataTableColumn<PrevisivoContract>[] = [
  { key: 'plan', header: 'Plan', render: (contract) => contract.plan.descripcion },
  { key: 'modalidad', header: 'Modalidad', render: (contract) => contract.quote.modalidad },
  { key: 'lapsos', header: 'Lapsos', render: (contract) => contract.quote.cuotas, align: 'right' },
  { key: 'metodo', header: 'Método', render: (contract) => contract.quote.metodo },
  {
    key: 'inicial',
    header: 'Pago Inicial',
    render: (c) => usd(c.quote.pagoInicial),
    align: 'right',
    noWrap: true,
  },
  {
    key: 'descuento',
    header: 'Descuento',
    render: (c) => usd(c.quote.descuento),
    align: 'right',
    noWrap: true,
  },
  {
    key: 'cuota',
    header: 'Monto por Cuota',
    render: (c) => usd(c.quote.montoPorCuota),
    align: 'right',
    noWrap: true,
  },
  {
    key: 'total',
    header: 'Precio Total',
    render: (c) => usd(c.quote.precioTotal),
    align: 'right',
    noWrap: true,
  },
];

const RELATIVE_COLUMNS: DataTableColumn<PricedRelative>[] = [
  { key: 'nombre', header: 'Nombre', render: (row) => row.relative.nombre },
  { key: 'cedula', header: 'Cédula', render: (row) => row.relative.cedula || '—' },
  {
    key: 'nacimiento',
    header: 'Fecha de Nacimiento',
    render: (row) => formatDate(row.relative.fecha_nacimiento),
    noWrap: true,
  },
  { key: 'edad', header: 'Edad', render: (row) => row.edad, align: 'right' },
  { key: 'parentesco', header: 'Parentesco', render: (row) => PARENTESCOS[Number(row.relative.parentesco)] },
  { key: 'precio', header: 'Precio', render: (row) => usd(row.monto), align: 'right', noWrap: true },
];

interface PrevisivoSummaryProps {
  contract: PrevisivoContract | null;
  isSaving: boolean;
  isSaved: boolean;
  onSave: () => void;
}

/** SPEC §2: RESUMEN DEL CONTRATO, the FAMILIARES ASOCIADOS table and Total Adicional. */
export function PrevisivoSummary({ contract, isSaving, isSaved, onSave }: PrevisivoSummaryProps) {
  return (
    <FormSection title="RESUMEN DEL CONTRATO">
      <Stack spacing={2}>
        <DataTable
          label="Resumen del contrato"
          columns={CONTRACT_COLUMNS}
          rows={contract ? [contract] : []}
          rowKey={(row) => row.plan.id}
          emptyText={SALES_MESSAGES.agregueAlContrato}
        />
        <Typography variant="h2" sx={{ fontSize: '1.05rem', color: 'primary.main' }}>
          FAMILIARES ASOCIADOS
        </Typography>
        <DataTable
          label="Familiares asociados"
          columns={RELATIVE_COLUMNS}
          rows={contract?.relatives ?? []}
          rowKey={(row) => row.relative.key}
          emptyText={SALES_MESSAGES.sinFamiliares}
        />
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Typography sx={{ fontSize: '1.1rem' }}>
            Total Adicional: <strong>{usd(contract?.totalAdicional ?? 0)}</strong>
          </Typography>
          <QuoteAndSaveActions
            quote={() => toPrevisivoQuote(contract!)}
            disabled={!contract}
            disabledReason={SALES_MESSAGES.agregueAlContrato}
            isSaving={isSaving}
            isSaved={isSaved}
            onSave={onSave}
          />
        </Stack>
      </Stack>
    </FormSection>
  );
}
