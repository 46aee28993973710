import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeRate, ReceivingAccount } from '@camposanto/domain';
import { cuentasReceptoras, tasasCambio } from '../src/db/schema';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/demo';
import { bearer, login } from './helpers/auth';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 10: no fake receiving account ships in the product; `npm run demo` seeds one marked as demo data, and a
// rate, so that payments in bolívares can be tried offline.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the demo seed', () => {
  it('starts from an installation without any receiving account or rate', async () => {
    expect(await t.db.select().from(cuentasReceptoras)).toEqual([]);
    expect(await t.db.select().from(tasasCambio)).toEqual([]);
  });

  it('seeds one receiving account marked as demo data and a rate set by the demo administrator, once', async () => {
    await seedDemo({ db: t.db });
    await seedDemo({ db: t.db });
    const token = await login(t.app, 'vendedor@camposanto.local', DEMO_PASSWORD);
    const accounts = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/cuentas-receptoras', headers: bearer(token) })
    ).json<ReceivingAccount[]>();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ es_demo: true, activa: true });
    expect(accounts[0]?.titular).toContain('DEMOSTRACIÓN');
    const rate = (
      await t.app.inject({ method: 'GET', url: '/api/v1/tasa-cambio', headers: bearer(token) })
    ).json<ExchangeRate>();
    expect(rate).toMatchObject({ promedio: 36.5, fuente: 'manual', usuario: 'Ana Administradora' });
    expect(await t.db.select().from(tasasCambio)).toHaveLength(1);
  });
});
