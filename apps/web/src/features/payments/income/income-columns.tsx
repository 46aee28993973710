import {
  formatCsvAmount,
  fromCents,
  INCOME_MESSAGES,
  serviceLabel,
  toCents,
  type CsvCell,
  type IncomeBySeller,
  type IncomeContract,
} from '@camposanto/domain';
import type { ReactNode } from 'react';
import type { DataTableColumn } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { formatDate } from '../../../lib/format-date';

/** A column shown on screen and written to the CSV export from the same value, so both always agree. */
export interface IncomeColumn<Row> {
  key: string;
  header: string;
  csv: (row: Row) => CsvCell;
  render?: (row: Row) => ReactNode;
  isAmount?: boolean;
  noWrap?: boolean;
  /** Issue 15: the `orden` the server sorts this column by (INCOME_CONTRACT_SORT_FIELDS). */
  sortField?: string;
}

function amount<Row>(
  key: string,
  header: string,
  value: (row: Row) => number,
  sortField?: string,
): IncomeColumn<Row> {
  return {
    key,
    header,
    sortField,
    isAmount: true,
    csv: (row) => formatCsvAmount(value(row)),
    render: (row) => <Money amount={value(row)} />,
  };
}

export const SUMMARY_COLUMNS: IncomeColumn<IncomeBySeller>[] = [
  {
    key: 'supervisor',
    header: 'Supervisor',
    csv: (row) => row.supervisor_nombre ?? INCOME_MESSAGES.sinSupervisor,
  },
  { key: 'vendedor', header: 'Vendedor', csv: (row) => row.vendedor_nombre },
  { key: 'contratos', header: 'Total Contratos', isAmount: true, csv: (row) => row.total_contratos },
  amount('financiado', 'Total Financiado', (row) => row.total_financiado),
  amount('contado', 'Total De Contado', (row) => row.total_contado),
  amount('ingresos', 'Total Ingresos', (row) => row.total_ingresos),
  // Issue 14 §3: of the income reported, what administración verified and what still waits for it.
  amount('verificado', INCOME_MESSAGES.totalVerificado, (row) => row.total_verificado),
  amount('por-verificar', INCOME_MESSAGES.totalPorVerificar, (row) => row.total_por_verificar),
];

export const CONTRACT_COLUMNS: IncomeColumn<IncomeContract>[] = [
  {
    key: 'numero',
    header: 'Número de Contrato',
    noWrap: true,
    sortField: 'numero_contrato',
    csv: (contract) => contract.numero_contrato ?? contract.numero_solicitud,
  },
  { key: 'cliente', header: 'Cliente', sortField: 'cliente', csv: (contract) => contract.cliente.nombre },
  { key: 'vendedor', header: 'Vendedor', sortField: 'vendedor', csv: (contract) => contract.vendedor_nombre },
  { key: 'servicio', header: 'Tipo de Servicio', csv: (contract) => serviceLabel(contract.tipo_servicio) },
  {
    key: 'fecha',
    header: 'Fecha de Creación',
    noWrap: true,
    sortField: 'fecha_creacion',
    csv: (contract) => formatDate(contract.fecha_creacion),
  },
  { key: 'modalidad', header: 'Modalidad de Pago', csv: (contract) => contract.modalidadPago },
  amount('inicial', 'Pago Inicial', (contract) =>
    fromCents(contract.detalles.reduce((total, line) => total + toCents(line.pagoInicial), 0)),
  ),
  amount('total', 'Monto Total', (contract) => contract.monto_total, 'monto_total'),
  amount('pagado', 'Total Pagado', (contract) => contract.total_pagado, 'total_pagado'),
];

/** The table columns of a list of income columns. */
export function tableColumns<Row>(columns: readonly IncomeColumn<Row>[]): DataTableColumn<Row>[] {
  return columns.map((column) => ({
    key: column.key,
    header: column.header,
    align: column.isAmount ? 'right' : undefined,
    noWrap: column.noWrap ?? column.isAmount,
    sortField: column.sortField,
    render: column.render ?? column.csv,
  }));
}
