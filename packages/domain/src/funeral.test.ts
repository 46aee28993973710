import { describe, expect, it } from 'vitest';
import { findFuneralPlan, isFuneralService } from './funeral';

describe('isFuneralService', () => {
  it.each(['Servicio Funerario', 'servicio-funerario', '  SERVICIOS   FUNERARIOS ', 'servicio_funerario'])(
    'reads %j as the funeral (wake-room) request',
    (tipo) => expect(isFuneralService(tipo)).toBe(true),
  );

  it.each(['Funerario', 'Servicio Funerario VIP'])(
    'reads %j as the funeral request too, as the old forms did',
    (tipo) => expect(isFuneralService(tipo)).toBe(true),
  );

  it.each(['plan-funerario', 'Plan Funerario', 'cremacion', 'funerario plan', '', undefined, null, 42, {}])(
    'does not read %j as the funeral request',
    (tipo) => expect(isFuneralService(tipo)).toBe(false),
  );
});

describe('findFuneralPlan', () => {
  const plans = [
    { id: 1, tipo_capilla: 'Sala Edificio Crematorio', tiempo_velacion: '12 horas' },
    { id: 2, tipo_capilla: 'Sala Edificio Crematorio', tiempo_velacion: '24 horas' },
    { id: 3, tipo_capilla: 'Sala VIP en Funeraria', tiempo_velacion: '12 horas' },
    { id: 4, tipo_capilla: 'Sala VIP en Funeraria', tiempo_velacion: '24 horas' },
  ];
  const idOf = (chapel: string, wakeTime: string) => findFuneralPlan(plans, { chapel, wakeTime })?.id;

  it('finds the plan of a chapel and a wake time', () => {
    expect(idOf('Sala VIP en Funeraria', '24 horas')).toBe(4);
    expect(idOf('Sala Edificio Crematorio', '12 horas')).toBe(1);
  });

  it('compares without case, accents or extra spaces', () => {
    expect(idOf('  sala vip EN funeraria ', '24  HORAS')).toBe(4);
    expect(idOf('Sála Edificio Crematorio', '12 horas')).toBe(1);
  });

  it('takes a description that starts with the chapel', () => {
    expect(idOf('Sala VIP en Funeraria — 24 horas', '24 horas')).toBe(4);
    expect(idOf('Sala VIP en Funeraria - 12 horas', '12 horas')).toBe(3);
  });

  it('finds nothing for an unknown chapel or wake time, or a chapel that only starts like one', () => {
    expect(idOf('Sala Principal', '24 horas')).toBeUndefined();
    expect(idOf('Sala VIP en Funeraria', '36 horas')).toBeUndefined();
    expect(idOf('Sala VIP', '24 horas')).toBeUndefined();
    expect(idOf('Sala VIP en Funerarias', '24 horas')).toBeUndefined();
    expect(idOf('', '')).toBeUndefined();
  });

  it('prefers the longest chapel the description starts with', () => {
    const nested = [...plans, { id: 6, tipo_capilla: 'Sala VIP', tiempo_velacion: '24 horas' }];
    expect(
      findFuneralPlan(nested, { chapel: 'Sala VIP en Funeraria — 24 horas', wakeTime: '24 horas' })?.id,
    ).toBe(4);
    expect(findFuneralPlan(nested, { chapel: 'Sala VIP - 24 horas', wakeTime: '24 horas' })?.id).toBe(6);
  });

  it('finds nothing when two plans match: it never picks one of them at random', () => {
    const twice = [...plans, { id: 5, tipo_capilla: 'sala vip en funeraria', tiempo_velacion: '24 horas' }];
    expect(findFuneralPlan(twice, { chapel: 'Sala VIP en Funeraria', wakeTime: '24 horas' })).toBeUndefined();
  });
});
