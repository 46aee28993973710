import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CARE_MESSAGES,
  COLLECTION_MESSAGES,
  CONTRACT_MESSAGES,
  type Reminder,
  type RemindersResponse,
} from '@camposanto/domain';
import { rowsOf } from '../src/db/rows';
import { empresa, recordatorios } from '../src/db/schema';
import { sendDueReminders } from '../src/jobs/reminders';
import { markOverdueInstalments } from '../src/modules/caducidad/service';
import { businessDayStart } from '../src/lib/business-time';
import { bearer, unique, userWithRole, type TestUser } from './helpers/auth';
import { addDays, debtClient, debtContract, today } from './helpers/debts';
import { auditSince, lastAuditId } from './helpers/fixtures';
import { startMailServer, type MailServer, type ReceivedMail } from './helpers/mail-server';
import { attachmentsOf, decodeHeader, htmlOf, parseMime } from './helpers/mime';
import { salesTeam } from './helpers/sales-team';
import { createTestApp, type TestApp } from './helpers/test-app';
import { lockingInTurn } from './helpers/concurrency';

// Issue 14 Reminders (docs/decisions/022): 'Enviar recordatorio' e-mails the client the statement PDF and records a
// 'manual' reminder; the job sends a 'previo' reminder empresa.dias_recordatorio days (or fewer) before each due date
// and a 'vencida' one once the instalment is overdue, each at most once — across runs, restarts and racing
// instances — through a real SMTP server on loopback here.

let smtp: MailServer;

let t: TestApp;
let admin: string;
let supervisor: TestUser;
let seller: TestUser; // led by `supervisor`
let otherSeller: TestUser;
let asistente: TestUser;

const COMPANY = 'Camposanto Los Próceres';

beforeAll(async () => {
  smtp = await startMailServer();
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
  ({ admin, supervisor, seller, otherSeller, asistente } = await salesTeam(t.app));
  await t.db
    .update(empresa)
    .set({ nombre: COMPANY, rif: 'J-12345678-9', telefonos: '0212-5550000', diasRecordatorio: 3 })
    .where(eq(empresa.id, 1));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(() => {
  smtp.clear();
});

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
const subjectOf = (mail: ReceivedMail) => decodeHeader(mail.message.headers.get('subject'));
const pdfText = (content: Buffer) =>
  execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: content }).toString('utf8');
const newAddress = () => `cliente${unique()}@correo.test`;

function sendReminder(token: string, contractId: number | string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/cobranza/${contractId}/recordatorio`,
    headers: bearer(token),
  });
}

function remindersOf(token: string, contractId: number | string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/cobranza/${contractId}/recordatorios`,
    headers: bearer(token),
  });
}

async function rowsOfContract(contractId: number) {
  return t.db.select().from(recordatorios).where(eq(recordatorios.solicitudId, contractId));
}

/** A contract of `owner` for a client with e-mail `email`: one instalment overdue, one due in 20 days. */
async function overdueContract(owner: TestUser, email: string | null = newAddress()) {
  const client = await debtClient(t.db, owner.id, email);
  const contract = await debtContract(t.db, {
    sellerId: owner.id,
    clientId: client.id,
    instalments: [
      { monto: '120.50', daysOverdue: 40 },
      { monto: '120.50', daysOverdue: -20 },
    ],
  });
  return { contract, client, email };
}

/**
 * Each instalment's `recordatorio_vencida` mark (migration 0018) says whether it has a 'vencida' reminder: the
 * instalments whose mark disagrees.
 */
async function marksAstray(): Promise<number[]> {
  return rowsOf<{ id: number }>(
    await t.db.execute(sql`
      select c.id from cuotas c
      where c.recordatorio_vencida <> exists (
        select 1 from recordatorios r where r.cuota_id = c.id and r.tipo = 'vencida')
      order by c.id`),
  ).map((row) => row.id);
}

/** The job's run on the business day `days` after today (noon in Caracas), after the overdue marking of that day. */
async function runJobOn(days: number) {
  const now = new Date(businessDayStart(addDays(today(), days)).getTime() + 12 * 3_600_000);
  await markOverdueInstalments({ db: t.db, now });
  return sendDueReminders({ db: t.db, mailer: t.app.mailer, storage: t.app.storage, now });
}

describe('POST /api/v1/cobranza/{contratoId}/recordatorio', () => {
  it('e-mails the client the statement PDF, records a manual reminder, audits it and answers 201', async () => {
    const { contract, client, email } = await overdueContract(seller);
    const before = await lastAuditId(t.db);
    const response = await sendReminder(seller.token, contract.id);
    expect(response.statusCode, response.body).toBe(201);
    const reminder = response.json<Reminder>();
    expect(reminder).toMatchObject({
      tipo: 'manual',
      cuota_numero: null,
      destinatario: email,
      usuario: seller.username,
    });
    expect(Date.parse(reminder.enviado_en)).toBeGreaterThan(Date.now() - 60_000);

    const [mail, ...others] = mailsTo(email!);
    expect(others).toHaveLength(0);
    expect(subjectOf(mail!)).toBe(`${COMPANY}: estado de cuenta del contrato ${contract.numeroContrato}`);
    const html = htmlOf(mail!.message);
    expect(html).toContain(COMPANY);
    expect(html).toContain('RIF J-12345678-9');
    expect(html).toContain(`Estimado(a) ${client.nombre}`);
    expect(html).toContain('$ 120,50');
    const [attachment, ...more] = attachmentsOf(mail!.message);
    expect(more).toHaveLength(0);
    expect(attachment!.contentType).toBe('application/pdf');
    expect(attachment!.filename).toMatch(/^estado-cuenta-.+\.pdf$/);
    expect(attachment!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(attachment!.content);
    expect(text).toContain('ESTADO DE CUENTA');
    expect(text).toContain(contract.numeroContrato!);
    expect(text).toContain(client.nombre);

    const rows = await rowsOfContract(contract.id);
    expect(rows).toEqual([
      expect.objectContaining({
        id: reminder.id,
        tipo: 'manual',
        cuotaId: null,
        usuarioId: seller.id,
        destinatario: email,
      }),
    ]);
    expect(await auditSince(t.db, before)).toEqual([
      expect.objectContaining({ accion: 'enviar_recordatorio', entidadId: String(contract.id) }),
    ]);

    const listed = await remindersOf(seller.token, contract.id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<RemindersResponse>().items).toEqual([reminder]);
  });

  it('refuses a client without e-mail with a Spanish 400, sending and recording nothing', async () => {
    for (const email of [null, '', '   ']) {
      const { contract } = await overdueContract(seller, email);
      const before = smtp.received.length;
      const response = await sendReminder(admin, contract.id);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: COLLECTION_MESSAGES.clienteSinCorreo });
      expect(smtp.received.length).toBe(before);
      expect(await rowsOfContract(contract.id)).toEqual([]);
    }
  });

  it('records nothing when the SMTP server refuses the mail (503, audited as failed)', async () => {
    const { contract } = await overdueContract(seller);
    const before = await lastAuditId(t.db);
    smtp.refuseNext();
    const response = await sendReminder(seller.token, contract.id);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ detail: COLLECTION_MESSAGES.errorEnviarRecordatorio });
    expect(await rowsOfContract(contract.id)).toEqual([]);
    expect((await auditSince(t.db, before)).map((row) => row.accion)).toEqual([
      'enviar_recordatorio_fallido',
    ]);
    // The next try goes through.
    expect((await sendReminder(seller.token, contract.id)).statusCode).toBe(201);
  });

  it('follows the list scope: owner, supervisor and office yes; another seller 403; unknown or not a contract 404', async () => {
    const { contract } = await overdueContract(seller);
    for (const token of [seller.token, supervisor.token, asistente.token, admin]) {
      expect((await sendReminder(token, contract.id)).statusCode).toBe(201);
    }
    const refused = await sendReminder(otherSeller.token, contract.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: CONTRACT_MESSAGES.vendedorAjeno });
    expect((await remindersOf(otherSeller.token, contract.id)).statusCode).toBe(403);
    const client = await userWithRole(t.app, admin, 'cliente');
    expect((await sendReminder(client.token, contract.id)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/cobranza/${contract.id}/recordatorio` }))
        .statusCode,
    ).toBe(401);

    const listed = (await remindersOf(supervisor.token, contract.id)).json<RemindersResponse>().items;
    expect(listed.map((item) => item.usuario)).toEqual([
      expect.stringMatching(/^Admin/),
      asistente.username,
      supervisor.username,
      seller.username,
    ]);
    expect(await rowsOfContract(contract.id)).toHaveLength(4);

    const unknown = await sendReminder(admin, 2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: CARE_MESSAGES.contratoNoEncontrado });
    expect((await remindersOf(admin, 2_000_000_000)).statusCode).toBe(404);
    const client2 = await debtClient(t.db, seller.id, newAddress());
    const request = await debtContract(t.db, {
      sellerId: seller.id,
      clientId: client2.id,
      estado: 'solicitud',
      instalments: [{ monto: '10.00', daysOverdue: 5 }],
    });
    expect((await sendReminder(admin, request.id)).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await sendReminder(admin, id)).statusCode, id).toBe(422);
      expect((await remindersOf(admin, id)).statusCode, id).toBe(422);
    }
  });
});

describe('the reminders job', () => {
  it('sends one previo within dias_recordatorio days and one vencida when overdue, each once', async () => {
    // Everything already due from other tests is sent first, so this test counts only its own.
    await runJobOn(0);
    const email = newAddress();
    const client = await debtClient(t.db, seller.id, email);
    const contract = await debtContract(t.db, {
      sellerId: seller.id,
      clientId: client.id,
      instalments: [
        { monto: '100.00', daysOverdue: 10 }, // 1: overdue → vencida
        { monto: '100.00', daysOverdue: 0 }, // 2: due today → previo
        { monto: '100.00', daysOverdue: -3 }, // 3: due in 3 days → previo
        { monto: '100.00', daysOverdue: -4 }, // 4: due in 4 days → not yet
        { monto: '100.00', daysOverdue: -2, estado: 'pagado' }, // 5: paid → never
      ],
    });
    const byNumber = new Map(contract.cuotas.map((cuota) => [cuota.numero, cuota.id]));

    const first = await runJobOn(0);
    expect(first).toEqual({ sent: 3, failed: 0 });
    let mails = mailsTo(email);
    expect(mails.map(subjectOf).sort()).toEqual([
      `${COMPANY}: cuota vencida del contrato ${contract.numeroContrato}`,
      `${COMPANY}: cuotas próximas a vencer del contrato ${contract.numeroContrato}`,
    ]);
    for (const mail of mails) {
      const [attachment] = attachmentsOf(mail.message);
      expect(attachment!.contentType).toBe('application/pdf');
      expect(pdfText(attachment!.content)).toContain(contract.numeroContrato!);
    }
    const previo = mails.find((mail) => subjectOf(mail).includes('próximas'))!;
    expect(htmlOf(previo.message)).toContain(addDays(today(), 3).split('-').reverse().join('/'));
    expect(htmlOf(previo.message)).toContain('Total: $ 200,00');
    let rows = await rowsOfContract(contract.id);
    expect(rows.map((row) => [row.cuotaId, row.tipo, row.destinatario, row.usuarioId]).sort()).toEqual(
      [
        [byNumber.get(1), 'vencida', email, null],
        [byNumber.get(2), 'previo', email, null],
        [byNumber.get(3), 'previo', email, null],
      ].sort(),
    );

    // Run again the same day (a restart, the next tick): nothing new.
    expect(await runJobOn(0)).toEqual({ sent: 0, failed: 0 });
    expect(mailsTo(email)).toHaveLength(2);

    // The next day instalment 4 is due in 3 days; instalment 2 has fallen overdue.
    expect(await runJobOn(1)).toEqual({ sent: 2, failed: 0 });
    mails = mailsTo(email);
    expect(mails.slice(2).map(subjectOf).sort()).toEqual([
      `${COMPANY}: cuota vencida del contrato ${contract.numeroContrato}`,
      `${COMPANY}: su cuota 4 del contrato ${contract.numeroContrato} vence el ${addDays(today(), 4)
        .split('-')
        .reverse()
        .join('/')}`,
    ]);
    rows = await rowsOfContract(contract.id);
    expect(rows).toHaveLength(5);
    expect(await runJobOn(1)).toEqual({ sent: 0, failed: 0 });

    // The list shows them with their instalment, newest first; the job's have no user.
    const listed = (await remindersOf(seller.token, contract.id)).json<RemindersResponse>().items;
    expect(listed.map((item) => `${item.tipo}:${item.cuota_numero}:${item.usuario}`).sort()).toEqual([
      'previo:2:null',
      'previo:3:null',
      'previo:4:null',
      'vencida:1:null',
      'vencida:2:null',
    ]);
  });

  it('reads its lead time from the company: 0 days is only on the due date', async () => {
    await runJobOn(0);
    await t.db.update(empresa).set({ diasRecordatorio: 0 }).where(eq(empresa.id, 1));
    try {
      const email = newAddress();
      const client = await debtClient(t.db, otherSeller.id, email);
      const contract = await debtContract(t.db, {
        sellerId: otherSeller.id,
        clientId: client.id,
        instalments: [
          { monto: '10.00', daysOverdue: 0 },
          { monto: '10.00', daysOverdue: -1 },
        ],
      });
      expect(await runJobOn(0)).toEqual({ sent: 1, failed: 0 });
      expect((await rowsOfContract(contract.id)).map((row) => row.cuotaId)).toEqual([contract.cuotas[0]!.id]);
    } finally {
      await t.db.update(empresa).set({ diasRecordatorio: 3 }).where(eq(empresa.id, 1));
    }
  });

  it('skips a client without e-mail, recording nothing, and sends once an e-mail is added', async () => {
    await runJobOn(0);
    const { contract, client } = await overdueContract(seller, null);
    const before = smtp.received.length;
    expect(await runJobOn(0)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received.length).toBe(before);
    expect(await rowsOfContract(contract.id)).toEqual([]);
    const email = newAddress();
    await t.db.execute(sql`update clientes set email = ${email} where id = ${client.id}`);
    expect(await runJobOn(0)).toEqual({ sent: 1, failed: 0 });
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('gives the rows back when the mail is refused, so the next run sends it', async () => {
    await runJobOn(0);
    const before = await lastAuditId(t.db);
    const { contract, email } = await overdueContract(seller);
    smtp.refuseNext();
    expect(await runJobOn(0)).toEqual({ sent: 0, failed: 1 });
    expect(await rowsOfContract(contract.id)).toEqual([]);
    expect(mailsTo(email!)).toHaveLength(0);
    expect(await runJobOn(0)).toEqual({ sent: 1, failed: 0 });
    expect(mailsTo(email!)).toHaveLength(1);
    expect(await rowsOfContract(contract.id)).toHaveLength(1);
    const audits = await auditSince(t.db, before);
    expect(audits.map((row) => [row.accion, row.username])).toEqual([
      ['enviar_recordatorios', 'sistema'],
      ['enviar_recordatorios', 'sistema'],
    ]);
    expect(audits[0]!.descripcion).toContain('1 sin enviar (se reintentan)');
    expect(audits[1]!.descripcion).toContain(contract.numeroContrato!);
    expect(await marksAstray()).toEqual([]);
  });

  it('reads a backlog a batch at a time, and still sends one e-mail per contract and kind', async () => {
    await runJobOn(0);
    // Five contracts due four rows in all… and two more rows each for the first and the last.
    const backlog = [];
    for (let n = 0; n < 5; n += 1) backlog.push(await overdueContract(n % 2 ? seller : otherSeller));
    for (const index of [0, 4]) {
      await debtContract(t.db, {
        sellerId: seller.id,
        clientId: (await debtClient(t.db, seller.id, backlog[index]!.email)).id,
        instalments: [
          { monto: '10.00', daysOverdue: 5 },
          { monto: '10.00', daysOverdue: -1 },
        ],
      });
    }
    // The largest answer the job reads from the database: two contracts' rows (4 at most), not the backlog of 9.
    let largestRead = 0;
    const db = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver);
        return async (query: Parameters<typeof t.db.execute>[0]) => {
          const result = await target.execute(query);
          largestRead = Math.max(largestRead, rowsOf(result).length);
          return result;
        };
      },
    });
    const now = new Date(businessDayStart(today()).getTime() + 12 * 3_600_000);
    const result = await sendDueReminders({ db, mailer: t.app.mailer, now, batchContracts: 2 });
    expect(result).toEqual({ sent: 9, failed: 0 });
    expect(largestRead).toBeLessThanOrEqual(4);
    for (const [index, { email }] of backlog.entries()) {
      const expected = index === 0 || index === 4 ? ['vencida', 'vencida', 'previo'] : ['vencida'];
      expect(
        mailsTo(email!)
          .map((mail) => (subjectOf(mail).includes('vencida') ? 'vencida' : 'previo'))
          .sort(),
      ).toEqual(expected.sort());
    }
    expect(await runJobOn(0)).toEqual({ sent: 0, failed: 0 });
  });

  it('sends each reminder once when runs race (two instances at the same time)', async () => {
    await runJobOn(0);
    const contracts = [];
    for (let n = 0; n < 6; n += 1) contracts.push(await overdueContract(n % 2 ? seller : otherSeller));
    const results = await Promise.all([runJobOn(0), runJobOn(0), runJobOn(0)]);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(6);
    expect(results.every((result) => result.failed === 0)).toBe(true);
    for (const { contract, email } of contracts) {
      expect(mailsTo(email!)).toHaveLength(1);
      expect((await rowsOfContract(contract.id)).map((row) => row.tipo)).toEqual(['vencida']);
    }
    expect(await marksAstray()).toEqual([]);
  });

  it("marks each instalment with a 'vencida' reminder, whoever writes, moves or removes it (migration 0018)", async () => {
    const { contract, email } = await overdueContract(seller);
    const [overdue, pending] = contract.cuotas.map((cuota) => cuota.id) as [number, number];
    const markOf = async (cuotaId: number) =>
      rowsOf<{ mark: boolean }>(
        await t.db.execute(sql`select recordatorio_vencida as mark from cuotas where id = ${cuotaId}`),
      )[0]!.mark;
    const remind = (cuotaId: number, tipo: string) =>
      t.db.execute(sql`
        insert into recordatorios (solicitud_id, cuota_id, tipo, destinatario)
        values (${contract.id}, ${cuotaId}, ${tipo}, ${email}) returning id`);

    await remind(overdue, 'manual');
    await remind(pending, 'previo');
    expect([await markOf(overdue), await markOf(pending)]).toEqual([false, false]);
    await remind(overdue, 'vencida');
    expect(await markOf(overdue)).toBe(true);
    // Moved to the other instalment in one statement, then turned into another kind, then removed.
    await t.db.execute(sql`update recordatorios set cuota_id = ${pending}
      where cuota_id = ${overdue} and tipo = 'vencida'`);
    expect([await markOf(overdue), await markOf(pending)]).toEqual([false, true]);
    await t.db.execute(
      sql`update recordatorios set tipo = 'manual' where cuota_id = ${pending} and tipo = 'vencida'`,
    );
    expect(await markOf(pending)).toBe(false);
    await remind(overdue, 'vencida');
    await t.db.execute(sql`delete from recordatorios where cuota_id = ${overdue} and tipo = 'vencida'`);
    expect(await markOf(overdue)).toBe(false);
    await remind(overdue, 'vencida');
    expect(await marksAstray()).toEqual([]);
    // TRUNCATE leaves no reminder, so no mark (rolled back: the other tests' reminders stay).
    const rolledBack = new Error('rolled back');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`truncate recordatorios`);
        const [left] = rowsOf<{ n: number }>(
          await tx.execute(sql`select count(*)::int as n from cuotas where recordatorio_vencida`),
        );
        expect(left!.n).toBe(0);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await markOf(overdue)).toBe(true);
  });
});

describe.skipIf(!process.env.DATABASE_URL)(
  'on PostgreSQL, a reminder due while its contract is being paid (needs DATABASE_URL)',
  () => {
    const jobDuring = (lockFirst: SQL, lockNext: SQL) =>
      lockingInTurn(t.db, lockFirst, () => runJobOn(0), lockNext);

    it('leaves an instalment being paid (instalment, then contract) for the next run, and deadlocks with nothing', async () => {
      await runJobOn(0);
      const { contract, email } = await overdueContract(seller);
      const cuotaId = contract.cuotas[0]!.id;
      const result = await jobDuring(
        sql`select 1 from cuotas where id = ${cuotaId} for update`,
        sql`select 1 from solicitudes where id = ${contract.id} for update`,
      );
      expect(result).toEqual({ sent: 0, failed: 0 });
      expect(await runJobOn(0)).toEqual({ sent: 1, failed: 0 });
      expect(mailsTo(email!)).toHaveLength(1);
    });

    it('leaves a contract being paid (contract, then its instalments) for the next run, and deadlocks with nothing', async () => {
      await runJobOn(0);
      const { contract, email } = await overdueContract(seller);
      const result = await jobDuring(
        sql`select 1 from solicitudes where id = ${contract.id} for update`,
        sql`update cuotas set monto = monto where solicitud_id = ${contract.id}`,
      );
      expect(result).toEqual({ sent: 0, failed: 0 });
      expect(await runJobOn(0)).toEqual({ sent: 1, failed: 0 });
      expect(mailsTo(email!)).toHaveLength(1);
    });
  },
);

describe('without SMTP_URL', () => {
  it('writes the manual and the job reminders to the outbox, with the statement attached', async () => {
    const local = await createTestApp();
    try {
      const team = await salesTeam(local.app);
      const email = newAddress();
      const client = await debtClient(local.db, team.seller.id, email);
      const contract = await debtContract(local.db, {
        sellerId: team.seller.id,
        clientId: client.id,
        instalments: [{ monto: '75.25', daysOverdue: 12 }],
      });
      const response = await local.app.inject({
        method: 'POST',
        url: `/api/v1/cobranza/${contract.id}/recordatorio`,
        headers: bearer(team.seller.token),
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(
        await sendDueReminders({ db: local.db, mailer: local.app.mailer, storage: local.app.storage }),
      ).toEqual({ sent: 1, failed: 0 });
      const outbox = path.join(local.config.dataDir, 'outbox');
      const messages = readdirSync(outbox).map((file) => parseMime(readFileSync(path.join(outbox, file))));
      expect(messages).toHaveLength(2);
      for (const message of messages) {
        expect(message.headers.get('to')).toBe(email);
        const [attachment] = attachmentsOf(message);
        expect(pdfText(attachment!.content)).toContain(contract.numeroContrato!);
      }
    } finally {
      await local.close();
    }
  });
});
