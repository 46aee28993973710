import { describe, expect, it } from 'vitest';
import {
  activeContractsListQuerySchema,
  hasContractListWords,
  requestsToConvertListQuerySchema,
} from './list-query-contracts';
import { financedContractsQuerySchema } from './list-query-payments';
import { INCOME_MESSAGES } from './income';
import { MSG } from './messages';
import { SETTINGS_MESSAGES } from './settings';

describe('contract list query words (issue 15)', () => {
  it('reads empty filters as none, so a page without words is the list of before', () => {
    const query = activeContractsListQuerySchema.parse({
      q: '  ',
      vendedor: '',
      tipo_servicio: '',
      desde: '',
    });
    expect(query).toMatchObject({ skip: 0, limit: 10, vendedor: undefined, tipo_servicio: undefined });
    expect(hasContractListWords(query)).toBe(false);
    expect(hasContractListWords(activeContractsListQuerySchema.parse({ vendedor: '12' }))).toBe(true);
  });

  it('keeps the state word of Gestionar Solicitudes and refuses a range whose Desde is after its Hasta', () => {
    expect(requestsToConvertListQuerySchema.parse({ orden: '-monto_total' })).toMatchObject({
      estado: 'todos',
      orden: '-monto_total',
      page: 1,
    });
    const inverted = requestsToConvertListQuerySchema.safeParse({ desde: '2026-03-01', hasta: '2026-02-01' });
    expect(inverted.success).toBe(false);
    expect(inverted.error?.issues.map((issue) => issue.message)).toEqual([
      'La fecha inicial no puede ser posterior a la fecha final.',
    ]);
    expect(requestsToConvertListQuerySchema.safeParse({ tipo_servicio: 'ataud' }).success).toBe(false);
    expect(requestsToConvertListQuerySchema.safeParse({ orden: 'numero_contrato' }).success).toBe(false);
  });

  it('says an inverted range with one text on every list and screen (contracts, payments, income, exchange rate)', () => {
    const inverted = { desde: '2026-03-01', hasta: '2026-02-01' };
    const messagesOf = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
      result.error?.issues.map(({ message, path }) => [message, path.join('.')]);
    const expected = [['La fecha inicial no puede ser posterior a la fecha final.', 'desde']];
    expect(messagesOf(requestsToConvertListQuerySchema.safeParse(inverted))).toEqual(expected);
    expect(messagesOf(financedContractsQuerySchema.safeParse(inverted))).toEqual(expected);
    expect([INCOME_MESSAGES.rangoFechasInvalido, SETTINGS_MESSAGES.rangoFechas]).toEqual([
      MSG.rangoFechasInvalido,
      MSG.rangoFechasInvalido,
    ]);
  });
});
