import { performance } from 'node:perf_hooks';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGES, instalmentSchedule, MSG, PRICING_MESSAGES, toCents } from '@camposanto/domain';
import { auditoria, reservas, solicitudes } from '../src/db/schema';
import { addMonths, businessDate } from '../src/lib/business-time';
import { convertRequestToContract } from '../src/modules/contratos/conversion-service';
import { adminToken, bearer, userWithRole, type TestUser } from './helpers/auth';
import { auditSince, countAudit, findSolicitud, lastAuditId } from './helpers/fixtures';
import {
  convert,
  createClientVia,
  expectConverted,
  findNiche,
  findPlot,
  insertNiche,
  insertPlot,
  instalmentsOf,
  postRequest,
  postRequests,
  quoteOf,
  requestBody,
  seedPlans,
  type PlanRow,
} from './helpers/sales-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

// SPEC §2 admin screen 4, §4 request → contract, §7 POST /api/v1/admin/convertir-contrato; DESIGN §4.5
// (reserved inventory becomes sold), §4.7 (instalment schedule), §5 (audited, role-checked).

let t: TestApp;
let admin: string;
let asistente: TestUser;
let vendedor: TestUser;
let clienteId: number;
let plan: (descripcion: string) => PlanRow;
let cremacion: PlanRow;

beforeAll(async () => {
  t = await createTestApp();
  plan = await seedPlans(t.db);
  cremacion = plan('Cremación Básica');
  admin = await adminToken(t.app);
  [asistente, vendedor] = await Promise.all([
    userWithRole(t.app, admin, 'asistente'),
    userWithRole(t.app, admin, 'vendedor'),
  ]);
  clienteId = (await createClientVia(t.app, vendedor.token)).id;
});
afterAll(() => t.close());

const cashRequest = () => postRequest(t.app, vendedor.token, clienteId, { plan: cremacion });
const contractNumber = (sequence: number) => `CON-${String(sequence).padStart(6, '0')}`;

describe('contract numbers', () => {
  it('gives ten concurrent conversions of different requests CON-000001..CON-000010, no duplicate, no gap', async () => {
    const created = await postRequests(
      t.app,
      vendedor.token,
      Array.from({ length: 10 }, () => requestBody(clienteId, { plan: cremacion })),
    );

    const started = performance.now();
    const responses = await Promise.all(created.map((request) => convert(t.app, admin, request.id)));
    const elapsed = performance.now() - started;
    console.info(`[contratos] 10 concurrent conversions on ${t.driver}: ${elapsed.toFixed(0)} ms`);

    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const numbers = responses.map((response) => response.json<{ numero_contrato: string }>().numero_contrato);
    expect([...numbers].sort()).toEqual(Array.from({ length: 10 }, (_, index) => contractNumber(index + 1)));
    responses.forEach((response, index) =>
      expect(response.json()).toEqual({
        mensaje: CONTRACT_MESSAGES.convertida(created[index]!.numero_solicitud),
        numero_contrato: numbers[index],
      }),
    );
    for (const [index, request] of created.entries()) {
      const row = await findSolicitud(t.db, request.id);
      expect(row).toMatchObject({ estado: 'contrato', numeroContrato: numbers[index] });
      expect(row!.fechaConversion).toBeInstanceOf(Date);
    }
  });

  it('refuses a second conversion with 409 and changes nothing', async () => {
    const { id } = await cashRequest();
    const first = expectConverted(await convert(t.app, admin, id));
    const before = { row: await findSolicitud(t.db, id), audits: await countAudit(t.db) };

    const again = await convert(t.app, admin, id);

    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: CONTRACT_MESSAGES.yaConvertida });
    expect(await findSolicitud(t.db, id)).toEqual(before.row);
    expect(before.row!.numeroContrato).toBe(first);
    expect(await countAudit(t.db)).toBe(before.audits);
  });

  it('of five concurrent conversions of the same request accepts exactly one, and leaves no gap', async () => {
    const { id } = await cashRequest();
    const since = await lastAuditId(t.db);

    const responses = await Promise.all(Array.from({ length: 5 }, () => convert(t.app, admin, id)));

    const won = responses.filter((response) => response.statusCode === 200);
    const lost = responses.filter((response) => response.statusCode !== 200);
    expect(won).toHaveLength(1);
    expect(lost.map((response) => [response.statusCode, response.json()])).toEqual(
      Array(4).fill([409, { detail: CONTRACT_MESSAGES.yaConvertida }]),
    );
    const number = expectConverted(won[0]!);
    expect((await findSolicitud(t.db, id))!.numeroContrato).toBe(number);
    const conversions = (await auditSince(t.db, since)).filter((row) => row.accion === 'convertir_contrato');
    expect(conversions).toHaveLength(1);

    // The refused ones took no number: the next conversion gets the very next one.
    const next = expectConverted(await convert(t.app, admin, (await cashRequest()).id));
    expect(Number(next.slice(4))).toBe(Number(number.slice(4)) + 1);
  });
});

describe('pre-need contracts', () => {
  it('take their own PRV series and leave the CON numbers alone', async () => {
    const previsivo = await t.app.inject({
      method: 'POST',
      url: '/api/previsivos',
      headers: bearer(vendedor.token),
      payload: [
        {
          tipo_servicio: 'previsivo',
          modalidadPago: 'Financiado',
          cliente_id: clienteId,
          plan_id: plan('Previsivo Cremación').id,
          detalles: [{ modalidadPago: 'Financiado', metodoPago: 'USD', pagoInicial: 0, cuotas: 2 }],
          familiares: [],
        },
      ],
    });
    expect(previsivo.statusCode, previsivo.body).toBe(200);
    const [last] = await t.db
      .select({ numero: solicitudes.numeroContrato })
      .from(solicitudes)
      .where(like(solicitudes.numeroContrato, 'CON-%'))
      .orderBy(desc(solicitudes.numeroContrato))
      .limit(1);

    const prv = expectConverted(
      await convert(t.app, admin, previsivo.json<{ items: { id: number }[] }>().items[0]!.id),
    );
    const con = expectConverted(await convert(t.app, admin, (await cashRequest()).id));

    expect(prv).toBe('PRV-000001');
    expect(con).toBe(contractNumber(Number(last!.numero!.slice(4)) + 1));
  });
});

describe('refusals', () => {
  it('refuses an expired request (validity past) with 409 and leaves it a request', async () => {
    const { id } = await cashRequest();
    await t.db
      .update(solicitudes)
      .set({ fechaVencimiento: new Date(Date.now() - 60_000) })
      .where(eq(solicitudes.id, id));
    const audits = await countAudit(t.db);

    const response = await convert(t.app, admin, id);

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: CONTRACT_MESSAGES.caducada });
    expect(await findSolicitud(t.db, id)).toMatchObject({ estado: 'solicitud', numeroContrato: null });
    expect(await countAudit(t.db)).toBe(audits);
  });

  it('answers 404 to an unknown request and 422 to a missing or malformed id', async () => {
    const unknown = await convert(t.app, admin, 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: CONTRACT_MESSAGES.noEncontrada });

    const malformed = await convert(t.app, admin, 'abc');
    expect(malformed.statusCode).toBe(422);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/convertir-contrato',
      headers: bearer(admin),
      payload: {},
    });
    expect(missing.statusCode).toBe(422);
  });

  it('lets administrador and asistente convert, and answers 403 to every other role and 401 without a token', async () => {
    const [supervisor, cliente] = await Promise.all([
      userWithRole(t.app, admin, 'supervisor'),
      userWithRole(t.app, admin, 'cliente'),
    ]);
    const { id } = await cashRequest();
    const audits = await countAudit(t.db);

    for (const user of [vendedor, supervisor, cliente]) {
      const response = await convert(t.app, user.token, id);
      expect(response.statusCode, user.email).toBe(403);
      expect(response.json()).toEqual({ detail: MSG.sinPermiso });
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/convertir-contrato',
      payload: { SolicitudId: id },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await findSolicitud(t.db, id)).toMatchObject({ estado: 'solicitud', numeroContrato: null });
    expect(await countAudit(t.db)).toBe(audits);

    expect((await convert(t.app, asistente.token, id)).statusCode).toBe(200);
  });
});

describe('instalment schedule (DESIGN §4.7)', () => {
  it('gives a 6-cuota contract 5 monthly instalments adding up to the financed balance to the cent', async () => {
    const line = { plan: cremacion, modalidad: 'Financiado' as const, cuotas: 6, pagoInicial: 100.34 };
    const q = quoteOf(line);
    const { id } = await postRequest(t.app, vendedor.token, clienteId, line);

    expectConverted(await convert(t.app, admin, id));

    const rows = await instalmentsOf(t.db, id);
    const converted = (await findSolicitud(t.db, id))!.fechaConversion!;
    const start = businessDate(converted);
    expect(rows.map((row) => row.numero)).toEqual([1, 2, 3, 4, 5]);
    expect(rows.map((row) => row.fechaVencimiento)).toEqual([1, 2, 3, 4, 5].map((n) => addMonths(start, n)));
    expect(rows.every((row) => row.estadoPago === 'pendiente')).toBe(true);
    const amounts = rows.map((row) => toCents(row.monto));
    // precio total − pago inicial of the domain quote, which here leaves a remainder for the last instalment.
    expect(q.saldo).toBe(q.precioTotal - q.pagoInicial);
    expect(q.saldo % 5).not.toBe(0);
    expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(q.saldo);
    expect(amounts).toEqual(instalmentSchedule(q.saldo, 6));
    expect(amounts.slice(0, 4)).toEqual(Array(4).fill(q.montoPorCuota));
  });

  it('dates the instalments by the Caracas business day and clamps to the end of the month', async () => {
    const { id } = await postRequest(t.app, vendedor.token, clienteId, {
      plan: cremacion,
      modalidad: 'Financiado',
      cuotas: 6,
    });
    await t.db
      .update(solicitudes)
      .set({ fechaVencimiento: new Date('2028-01-01T00:00:00Z') })
      .where(eq(solicitudes.id, id));
    // 23:30 on 31 January in Caracas is already 1 February in UTC.
    const now = new Date('2027-01-31T23:30:00-04:00');

    const contract = await convertRequestToContract({
      db: t.db,
      requestId: id,
      actor: { id: null, username: 'prueba', rol: 'administrador' },
      now,
    });

    expect(contract.fechaConversion).toEqual(now);
    expect((await instalmentsOf(t.db, id)).map((row) => row.fechaVencimiento)).toEqual([
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
    ]);
  });

  it('gives a 1-cuota contract one instalment of the whole balance, a month later', async () => {
    const line = { plan: cremacion, modalidad: 'Financiado' as const, cuotas: 1, pagoInicial: 250 };
    const { id } = await postRequest(t.app, vendedor.token, clienteId, line);

    expectConverted(await convert(t.app, admin, id));

    const rows = await instalmentsOf(t.db, id);
    const start = businessDate((await findSolicitud(t.db, id))!.fechaConversion!);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      numero: 1,
      fechaVencimiento: addMonths(start, 1),
      estadoPago: 'pendiente',
    });
    expect(toCents(rows[0]!.monto)).toBe(quoteOf(line).saldo);
  });

  it('splits a balance of a few cents into instalments none of which is negative', async () => {
    // Cremación Básica in 6 cuotas costs 1296.00; a VES initial payment of 1295.97 leaves 3 cents.
    const line = { plan: cremacion, modalidad: 'Financiado' as const, metodo: 'VES' as const, cuotas: 6 };
    const { id } = await postRequest(t.app, vendedor.token, clienteId, { ...line, pagoInicial: 1295.97 });
    expect(quoteOf({ ...line, pagoInicial: 1295.97 }).saldo).toBe(3);

    expectConverted(await convert(t.app, admin, id));

    const amounts = (await instalmentsOf(t.db, id)).map((row) => toCents(row.monto));
    expect(amounts).toHaveLength(5);
    expect(amounts.every((amount) => amount >= 0)).toBe(true);
    expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(3);
  });

  it('never makes a financed contract with nothing to finance: such an initial is refused when the request is made (issue 10 §1, §5)', async () => {
    // A USD initial of 1080.00 earns 216.00 of discount: with it, 1296.00 would be paid in full.
    const line = { plan: cremacion, modalidad: 'Financiado' as const, cuotas: 6, pagoInicial: 1080 };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/solicitudes/',
      headers: bearer(vendedor.token),
      payload: [requestBody(clienteId, line)],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: PRICING_MESSAGES.inicialExcede });
  });

  it('gives a cash contract no instalments', async () => {
    const { id } = await postRequest(t.app, vendedor.token, clienteId, { plan: cremacion, metodo: 'VES' });
    expectConverted(await convert(t.app, admin, id));
    expect(await instalmentsOf(t.db, id)).toEqual([]);
  });
});

describe('inventory and audit of a conversion', () => {
  it("turns the plot's reserved seat into a sold one, with one audit row", async () => {
    const plot = await insertPlot(t.db, 3);
    const { id, numero_solicitud } = await postRequest(t.app, vendedor.token, clienteId, {
      plan: plan('Parcela Jardín (3 puestos)'),
      codigo: plot.codigo,
    });
    expect(await findPlot(t.db, plot.id)).toMatchObject({ disponible: 2, reservadas: 1, vendidas: 0 });
    const since = await lastAuditId(t.db);

    const numero = expectConverted(await convert(t.app, admin, id));

    expect(await findPlot(t.db, plot.id)).toMatchObject({ disponible: 2, reservadas: 0, vendidas: 1 });
    const held = await t.db.select().from(reservas).where(eq(reservas.solicitudId, id));
    expect(held.map((row) => row.estado)).toEqual(['vendida']);
    const written = await auditSince(t.db, since);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      username: 'Admin Principal',
      rol: 'administrador',
      accion: 'convertir_contrato',
      entidad: 'solicitud',
      entidadId: String(id),
    });
    expect(written[0]!.descripcion).toContain(numero_solicitud);
    expect(written[0]!.descripcion).toContain(numero);
  });

  it('turns a reserved columbarium niche into a sold one', async () => {
    const niche = await insertNiche(t.db);
    const { id } = await postRequest(t.app, vendedor.token, clienteId, {
      plan: plan('Nicho de Columbario Sencillo (1 urna)'),
      modalidad: 'Financiado',
      cuotas: 3,
      codigo: niche.codigo,
    });
    expect((await findNiche(t.db, niche.id)).estado).toBe('reservado');

    expectConverted(await convert(t.app, admin, id));

    expect((await findNiche(t.db, niche.id)).estado).toBe('vendido');
    const held = await t.db
      .select()
      .from(reservas)
      .where(and(eq(reservas.solicitudId, id), eq(reservas.nichoId, niche.id)));
    expect(held.map((row) => row.estado)).toEqual(['vendida']);
    expect(await instalmentsOf(t.db, id)).toHaveLength(2);
    const [entry] = await t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'convertir_contrato'), eq(auditoria.entidadId, String(id))));
    expect(entry!.descripcion).toContain('2 cuota(s)');
  });
});
