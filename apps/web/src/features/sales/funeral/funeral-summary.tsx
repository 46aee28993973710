import { formatUsd, fromCents } from '@camposanto/domain';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { FormSection } from '../../../components/form-section';
import { SALES_MESSAGES } from '../messages';
import { QuoteAndSaveActions } from '../shared/quote-and-save-actions';
import { toFuneralQuote, type FuneralContract } from './funeral-contract';

interface SummaryLine {
  concepto: string;
  precio: number;
}

const COLUMNS: DataTableColumn<SummaryLine>[] = [
  { key: 'concepto', header: 'Concepto', render: (line) => line.concepto },
  {
    key: 'precio',
    header: 'Precio',
    render: (line) => formatUsd(fromCents(line.precio)),
    align: 'right',
    noWrap: true,
  },
];

/** The lines of the contract: the wake and each extra chosen. */
function linesOf(contract: FuneralContract | null): SummaryLine[] {
  if (!contract) return [];
  const { plan, quote } = contract;
  const lines = [
    { concepto: `Velación ${plan.tipo_capilla} — ${plan.tiempo_velacion}`, precio: quote.velacion },
  ];
  if (contract.extras.traslado) lines.push({ concepto: 'Servicio de Traslado', precio: quote.traslado });
  if (contract.extras.preparacion)
    lines.push({ concepto: 'Preparación del Difunto', precio: quote.preparacion });
  if (contract.extras.ataud) lines.push({ concepto: 'Alquiler de Ataúd', precio: quote.ataud });
  return lines;
}

interface FuneralSummaryProps {
  contract: FuneralContract | null;
  isSaving: boolean;
  isSaved: boolean;
  onSave: () => void;
}

/** SPEC §2 SOLICITUD DE SERVICIO FUNERARIO: the summary table with Total. */
export function FuneralSummary({ contract, isSaving, isSaved, onSave }: FuneralSummaryProps) {
  return (
    <FormSection title="RESUMEN DEL CONTRATO">
      <Stack spacing={2}>
        <DataTable
          label="Resumen del contrato"
          columns={COLUMNS}
          rows={linesOf(contract)}
          rowKey={(line) => line.concepto}
          emptyText={SALES_MESSAGES.agregueServicio}
        />
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Typography sx={{ fontSize: '1.1rem' }}>
            Total: <strong>{formatUsd(fromCents(contract?.quote.total ?? 0))}</strong>
            {contract && ` (${contract.metodo}, De Contado)`}
          </Typography>
          <QuoteAndSaveActions
            quote={() => toFuneralQuote(contract!)}
            disabled={!contract}
            disabledReason={SALES_MESSAGES.agregueServicio}
            isSaving={isSaving}
            isSaved={isSaved}
            onSave={onSave}
          />
        </Stack>
      </Stack>
    </FormSection>
  );
}
