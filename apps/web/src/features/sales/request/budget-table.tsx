import { formatUsd, planServiceOf, serviceLabel } from '@camposanto/domain';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import {
  CARD_CELL_SX,
  CARD_ROLES,
  CARD_ROW_SX,
  CARD_TOGGLE_CELL_SX,
  CARD_TOTAL_CELL_SX,
  CARD_TOTAL_ROW_SX,
  CARD_WIDE_CELL_SX,
  CARD_WIDE_ROW_SX,
  CardCellContent,
  cardTableSx,
  useCardLayout,
  VISUALLY_HIDDEN,
} from '../../../components/data-table-cards';
import { FormSection } from '../../../components/form-section';
import { SALES_MESSAGES } from '../messages';
import { QuoteAndSaveActions } from '../shared/quote-and-save-actions';
import { toQuoteRequest, type BudgetItem } from './budget';

interface BudgetColumn {
  header: string;
  render: (item: BudgetItem) => string;
  isAmount?: boolean;
  /** Short values stay on one line; the description takes the room left. */
  noWrap?: boolean;
}

/** Issue 15: the generic request screen mixes services, so its summary names each line's service. */
const SERVICE_COLUMN: BudgetColumn = {
  header: 'Servicio',
  render: (item) => serviceLabel(planServiceOf(item.tipo_servicio) ?? item.tipo_servicio),
  noWrap: true,
};

const COLUMNS: readonly BudgetColumn[] = [
  { header: 'Código', render: (item) => item.codigo ?? '—', noWrap: true },
  { header: 'Descripción', render: (item) => item.descripcion },
  { header: 'Modalidad', render: (item) => item.modalidadPago, noWrap: true },
  { header: 'Método', render: (item) => item.metodoPago, noWrap: true },
  { header: 'Pago Inicial', render: (item) => formatUsd(item.pagoInicial), isAmount: true },
  { header: 'Cuotas', render: (item) => String(item.cuotas), isAmount: true },
  { header: 'Monto por Cuota', render: (item) => formatUsd(item.montoPorCuotas), isAmount: true },
  { header: 'Descuento', render: (item) => formatUsd(item.descuento), isAmount: true },
  { header: 'Precio con Descuento', render: (item) => formatUsd(item.precioConDescuento), isAmount: true },
  { header: 'Precio Total', render: (item) => formatUsd(item.precioTotal), isAmount: true },
];

interface BudgetTableProps {
  items: readonly BudgetItem[];
  isSaving: boolean;
  onRemove: (keys: ReadonlySet<number>) => void;
  onSave: () => void;
  /** Issue 15: the generic request screen shows each line's service. */
  showService?: boolean;
  /** Issue 15: the generic request screen asks before it removes the checked lines. */
  confirmRemoval?: boolean;
}

/** SPEC §2 Generic request screen: RESUMEN DE SOLICITUD DEL CONTRATO, with Eliminar Ítems and Guardar Solicitud. */
export function BudgetTable({
  items,
  isSaving,
  onRemove,
  onSave,
  showService = false,
  confirmRemoval = false,
}: BudgetTableProps) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [isConfirming, setIsConfirming] = useState(false);
  // Issue 15: below md each line is a card of 'column: value' lines, as in the DataTable (data-table-cards.tsx).
  const isCards = useCardLayout('md');
  const roles = (part: keyof typeof CARD_ROLES) => (isCards ? CARD_ROLES[part] : {});
  const columns = showService ? [SERVICE_COLUMN, ...COLUMNS] : COLUMNS;
  // Only lines still in the budget count as selected.
  const chosen = new Set(items.filter((item) => selected.has(item.key)).map((item) => item.key));
  const isAllChosen = items.length > 0 && chosen.size === items.length;
  const total = items.reduce((sum, item) => sum + item.precioTotal, 0);

  function toggle(key: number) {
    const next = new Set(chosen);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setSelected(next);
  }

  function removeChosen() {
    setIsConfirming(false);
    onRemove(chosen);
    setSelected(new Set());
  }

  return (
    <FormSection title="RESUMEN DE SOLICITUD DEL CONTRATO">
      <TableContainer>
        {/* Narrower cell padding keeps the eleven columns in view at 1366 px beside the menu. */}
        <Table
          size="small"
          aria-label="Resumen de solicitud del contrato"
          {...roles('table')}
          sx={[{ '& th, & td': { px: 1 } }, isCards ? cardTableSx({}) : {}]}
        >
          <TableHead {...roles('rowgroup')}>
            <TableRow {...roles('row')}>
              <TableCell
                padding="checkbox"
                {...roles('columnheader')}
                // '&&' outranks the card table's rule for its header cells: the checkbox and its name on one line.
                sx={
                  isCards
                    ? { '&&': { display: 'flex', alignItems: 'center', gap: 0.5, width: 'auto' } }
                    : undefined
                }
              >
                <Checkbox
                  checked={isAllChosen}
                  indeterminate={chosen.size > 0 && !isAllChosen}
                  disabled={items.length === 0 || isSaving}
                  onChange={() =>
                    setSelected(isAllChosen ? new Set() : new Set(items.map((item) => item.key)))
                  }
                  slotProps={{ input: { 'aria-label': 'Seleccionar todos los ítems' } }}
                />
                {/* As cards the bar of the header holds only this checkbox: its name is written beside it. */}
                {isCards && (
                  <Typography component="span" variant="body2" aria-hidden sx={{ whiteSpace: 'nowrap' }}>
                    Seleccionar todos
                  </Typography>
                )}
              </TableCell>
              {columns.map((column) => (
                <TableCell
                  key={column.header}
                  align={column.isAmount ? 'right' : 'left'}
                  {...roles('columnheader')}
                  sx={[{ fontWeight: 700, whiteSpace: 'nowrap' }, isCards ? VISUALLY_HIDDEN : {}]}
                >
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody {...roles('rowgroup')}>
            {items.length === 0 ? (
              <TableRow {...roles('row')} sx={isCards ? CARD_WIDE_ROW_SX : undefined}>
                <TableCell
                  colSpan={columns.length + 1}
                  align="center"
                  {...roles('cell')}
                  sx={[{ py: 3, color: 'text.secondary' }, isCards ? CARD_WIDE_CELL_SX : {}]}
                >
                  {SALES_MESSAGES.sinItems}
                </TableCell>
              </TableRow>
            ) : (
              items.map((item) => (
                <TableRow
                  key={item.key}
                  hover
                  selected={chosen.has(item.key)}
                  {...roles('row')}
                  sx={isCards ? CARD_ROW_SX : undefined}
                >
                  <TableCell
                    padding="checkbox"
                    {...roles('cell')}
                    sx={isCards ? CARD_TOGGLE_CELL_SX : undefined}
                  >
                    <Checkbox
                      checked={chosen.has(item.key)}
                      disabled={isSaving}
                      onChange={() => toggle(item.key)}
                      slotProps={{ input: { 'aria-label': `Seleccionar ${item.descripcion}` } }}
                    />
                  </TableCell>
                  {columns.map((column) => (
                    <TableCell
                      key={column.header}
                      align={column.isAmount ? 'right' : 'left'}
                      {...roles('cell')}
                      sx={
                        isCards
                          ? CARD_CELL_SX
                          : column.isAmount || column.noWrap
                            ? { whiteSpace: 'nowrap' }
                            : { minWidth: 140 }
                      }
                    >
                      {isCards ? (
                        <CardCellContent label={column.header}>{column.render(item)}</CardCellContent>
                      ) : (
                        column.render(item)
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
            {items.length > 0 && (
              <TableRow {...roles('row')} sx={isCards ? CARD_TOTAL_ROW_SX : undefined}>
                <TableCell
                  colSpan={columns.length}
                  align="right"
                  {...roles('cell')}
                  sx={[{ fontWeight: 700 }, isCards ? CARD_TOTAL_CELL_SX : {}]}
                >
                  Total
                </TableCell>
                <TableCell
                  align="right"
                  {...roles('cell')}
                  sx={[{ fontWeight: 700, whiteSpace: 'nowrap' }, isCards ? CARD_TOTAL_CELL_SX : {}]}
                >
                  {formatUsd(total)}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <QuoteAndSaveActions
        quote={() => toQuoteRequest(items)}
        disabled={items.length === 0}
        disabledReason="Agregue al menos un ítem al resumen para descargar el presupuesto."
        isSaving={isSaving}
        onSave={onSave}
        sx={{ mt: 2, justifyContent: 'flex-end' }}
      >
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteSweepIcon />}
          disabled={chosen.size === 0 || isSaving}
          onClick={confirmRemoval ? () => setIsConfirming(true) : removeChosen}
        >
          Eliminar Ítems
        </Button>
      </QuoteAndSaveActions>
      <ConfirmDialog
        open={isConfirming && chosen.size > 0}
        title="Eliminar Ítems"
        message={SALES_MESSAGES.confirmarEliminarItems(chosen.size)}
        confirmLabel="Eliminar"
        onConfirm={removeChosen}
        onClose={() => setIsConfirming(false)}
      />
    </FormSection>
  );
}
