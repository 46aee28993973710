import { describe, expect, it } from 'vitest';
import { filtersFor, readFilters, writeFilters } from './collection-filters';

describe('Cobranza filters in the address', () => {
  it('offers the office every filter, a supervisor the seller filter and a seller none', () => {
    expect(filtersFor('administrador')).toEqual({ seller: true, supervisor: true });
    expect(filtersFor('asistente')).toEqual({ seller: true, supervisor: true });
    expect(filtersFor('supervisor')).toEqual({ seller: true, supervisor: false });
    expect(filtersFor('vendedor')).toEqual({ seller: false, supervisor: false });
  });

  it('reads only the filters the role is offered', () => {
    const params = new URLSearchParams(
      'vendedor_id=4&supervisor_id=2&tramo=31-60&servicio=parcelas&q=p%C3%A9rez&orden=-dias_mora&x=1',
    );
    expect(readFilters(params, 'administrador')).toEqual({
      vendedor_id: '4',
      supervisor_id: '2',
      tramo: '31-60',
      servicio: 'parcelas',
      q: 'pérez',
      orden: '-dias_mora',
    });
    expect(readFilters(params, 'supervisor')).toMatchObject({ vendedor_id: '4', supervisor_id: '' });
    expect(readFilters(params, 'vendedor')).toEqual({
      vendedor_id: '',
      supervisor_id: '',
      tramo: '31-60',
      servicio: 'parcelas',
      q: 'pérez',
      orden: '-dias_mora',
    });
  });

  it('writes the filters set, removes the empty ones and keeps other parameters', () => {
    const params = new URLSearchParams('tramo=90%2B&x=1');
    const next = writeFilters(params, {
      vendedor_id: '7',
      supervisor_id: '',
      tramo: '',
      servicio: 'cremacion',
      q: 'ana',
      orden: '',
    });
    expect(next.toString()).toBe('x=1&vendedor_id=7&servicio=cremacion&q=ana');
    // The original is left alone.
    expect(params.get('tramo')).toBe('90+');
  });
});
