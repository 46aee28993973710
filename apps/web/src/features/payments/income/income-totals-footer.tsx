import { INCOME_MESSAGES, type IncomeSummary } from '@camposanto/domain';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { Money } from '../../../components/money';

const BOLD = { fontWeight: 700, fontSize: '1rem' } as const;

interface IncomeTotalsFooterProps {
  totales: IncomeSummary['totales'];
  /** The contracts table's column keys, in order. */
  columnKeys: readonly string[];
}

/**
 * SPEC §2 screen 9 footer: the totals as the server summed them over every matching contract, each under the
 * column it sums (issue 15): cash and financed totals add up 'Monto Total' by modality, the payments 'Total
 * Pagado'. The label fills the cells before the amount.
 */
export function IncomeTotalsFooter({ totales, columnKeys }: IncomeTotalsFooterProps) {
  const rows: Array<{ label: string; amount: number; column: string }> = [
    { label: INCOME_MESSAGES.totalContado, amount: totales.total_contado, column: 'total' },
    { label: INCOME_MESSAGES.totalFinanciado, amount: totales.total_financiado, column: 'total' },
    { label: INCOME_MESSAGES.sumaTotalPagos, amount: totales.suma_total_pagos, column: 'pagado' },
  ];
  // Issue 14 §3: of the payments reported, what administración verified and what still waits for it.
  if (totales.total_verificado !== undefined) {
    rows.push({ label: INCOME_MESSAGES.totalVerificado, amount: totales.total_verificado, column: 'pagado' });
  }
  if (totales.total_por_verificar !== undefined) {
    rows.push({
      label: INCOME_MESSAGES.totalPorVerificar,
      amount: totales.total_por_verificar,
      column: 'pagado',
    });
  }
  return rows.map(({ label, amount, column }) => {
    const index = columnKeys.indexOf(column);
    // A column the table no longer has: the amount goes last rather than nowhere.
    const at = index < 0 ? columnKeys.length - 1 : index;
    const after = columnKeys.length - 1 - at;
    return (
      <TableRow key={label}>
        <TableCell colSpan={Math.max(at, 1)} align="right" sx={BOLD}>
          {label}
        </TableCell>
        <TableCell align="right" sx={{ ...BOLD, whiteSpace: 'nowrap' }}>
          <Money amount={amount} />
        </TableCell>
        {after > 0 && <TableCell colSpan={after} />}
      </TableRow>
    );
  });
}
