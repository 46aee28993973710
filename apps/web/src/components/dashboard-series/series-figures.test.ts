import { describe, expect, it } from 'vitest';
import { incomeFigures, instalmentFigures, monthLabel, salesFigures } from './series-figures';
import { emptySeries, sampleSeries } from './series-test-data';

describe('monthLabel', () => {
  it('names a business month in Spanish, short', () => {
    expect(monthLabel('2026-01')).toBe('ene 2026');
    expect(monthLabel('2025-12')).toBe('dic 2025');
  });
});

describe('salesFigures', () => {
  it('sums the twelve months and names the best-selling service, with a table row per month', () => {
    const figures = salesFigures(sampleSeries());
    expect(figures.isEmpty).toBe(false);
    expect(figures.summary).toBe(
      'Últimos 12 meses: 5 solicitudes, 1 contrato. Más solicitado: Cremación (4).',
    );
    expect(figures.table.columns).toEqual(['Cremación', 'Honra de Exequias', 'Total']);
    expect(figures.table.rows).toHaveLength(12);
    expect(figures.table.rows[11]).toEqual({ month: 'nov 2026', cells: ['2', '1', '3'] });
  });

  it('is empty without requests', () => {
    expect(salesFigures(emptySeries())).toMatchObject({
      isEmpty: true,
      summary: 'Últimos 12 meses: 0 solicitudes, 0 contratos.',
    });
  });
});

describe('incomeFigures', () => {
  it('gives dollars and bolívares with their value in dollars, to the cent', () => {
    const figures = incomeFigures(sampleSeries());
    expect(figures.summary).toBe(
      'Últimos 12 meses: $ 1.620,00 en 2 pagos: $ 720,00 en dólares y 32.811,03 Bs. ($ 900,00) en bolívares.',
    );
    expect(figures.table.columns).toEqual(['USD', 'VES', 'VES en USD', 'Total (USD)']);
    expect(figures.table.rows[10]).toEqual({
      month: 'oct 2026',
      cells: ['$ 0,00', '32.811,03 Bs.', '$ 900,00', '$ 900,00'],
    });
  });

  it('adds amounts in cents, without float drift', () => {
    const series = emptySeries();
    series.ingresos_por_moneda = series.ingresos_por_moneda.map((month) => ({
      ...month,
      pagos: 1,
      usd: 0.1,
      total_usd: 0.1,
    }));
    expect(incomeFigures(series).summary).toContain('$ 1,20 en 12 pagos: $ 1,20 en dólares');
  });

  it('is empty without payments', () => {
    expect(incomeFigures(emptySeries()).isEmpty).toBe(true);
  });
});

describe('instalmentFigures', () => {
  it('counts the instalments due, paid and overdue with their amounts', () => {
    const figures = instalmentFigures(sampleSeries());
    expect(figures.summary).toBe(
      'Últimos 12 meses: 2 cuotas vencen por $ 646,40; 1 pagada ($ 323,20) y 1 vencida ($ 323,20).',
    );
    expect(figures.table.rows[10]!.cells).toEqual(['2 ($ 646,40)', '1 ($ 323,20)', '1 ($ 323,20)']);
  });

  it('is empty when nothing falls due', () => {
    expect(instalmentFigures(emptySeries()).isEmpty).toBe(true);
  });
});
