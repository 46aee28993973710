import {
  formatCsvAmount,
  INCOME_MESSAGES,
  toCsv,
  type CsvCell,
  type IncomeSummary,
} from '@camposanto/domain';
import { CONTRACT_COLUMNS, SUMMARY_COLUMNS, type IncomeColumn } from './income-columns';

function section<Row>(
  title: string,
  columns: readonly IncomeColumn<Row>[],
  rows: readonly Row[],
): CsvCell[][] {
  return [
    [title],
    columns.map((column) => column.header),
    ...rows.map((row) => columns.map((column) => column.csv(row))),
  ];
}

/**
 * 'Exportar CSV' of 'Historial de ingresos': what the screen shows — the summary per supervisor and seller,
 * the contracts of the page on screen and the server's totals — ';' separated with a UTF-8 BOM.
 */
export function incomeCsv(summary: IncomeSummary): string {
  return toCsv([
    ...section('Resumen por supervisor y vendedor', SUMMARY_COLUMNS, summary.vendedores),
    [],
    ...section('Contratos', CONTRACT_COLUMNS, summary.contratos),
    [],
    [INCOME_MESSAGES.totalContado, formatCsvAmount(summary.totales.total_contado)],
    [INCOME_MESSAGES.totalFinanciado, formatCsvAmount(summary.totales.total_financiado)],
    [INCOME_MESSAGES.sumaTotalPagos, formatCsvAmount(summary.totales.suma_total_pagos)],
  ]);
}
