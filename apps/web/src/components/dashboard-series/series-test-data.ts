import type { DashboardSeries } from '@camposanto/domain';

// Issue 15: a server answer for the welcome charts' tests: twelve months ending in November 2026.

const MONTHS = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];
const at = (values: Record<number, number>) => MONTHS.map((_, index) => values[index] ?? 0);

export function emptySeries(): DashboardSeries {
  return {
    meses: MONTHS,
    ventas_por_servicio: [],
    ingresos_por_moneda: MONTHS.map((mes) => ({
      mes,
      pagos: 0,
      usd: 0,
      bolivares: 0,
      bolivares_en_usd: 0,
      total_usd: 0,
    })),
    cuotas_por_mes: MONTHS.map((mes) => ({
      mes,
      vencen: 0,
      monto_vencen: 0,
      pagadas: 0,
      monto_pagadas: 0,
      vencidas: 0,
      monto_vencidas: 0,
    })),
  };
}

/** Four cremaciones and one honra de exequias; 720.00 in dollars and 32,811.03 Bs. (900.00); two instalments. */
export function sampleSeries(): DashboardSeries {
  const series = emptySeries();
  series.ventas_por_servicio = [
    { tipo_servicio: 'cremacion', solicitudes: at({ 9: 1, 10: 1, 11: 2 }), contratos: at({ 11: 1 }) },
    { tipo_servicio: 'honra-exequias', solicitudes: at({ 11: 1 }), contratos: at({}) },
  ];
  series.ingresos_por_moneda[9] = { ...series.ingresos_por_moneda[9]!, pagos: 1, usd: 720, total_usd: 720 };
  series.ingresos_por_moneda[10] = {
    ...series.ingresos_por_moneda[10]!,
    pagos: 1,
    bolivares: 32811.03,
    bolivares_en_usd: 900,
    total_usd: 900,
  };
  series.cuotas_por_mes[10] = {
    mes: '2026-10',
    vencen: 2,
    monto_vencen: 646.4,
    pagadas: 1,
    monto_pagadas: 323.2,
    vencidas: 1,
    monto_vencidas: 323.2,
  };
  return series;
}
