import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { SYSTEM_ACTOR } from '../lib/actor';
import { audit } from '../lib/audit';
import { groupBy } from '../lib/group-by';
import { businessDate } from '../lib/business-time';
import type { Mailer } from '../lib/mailer';
import type { FileStorage } from '../lib/storage';
import { companyForMail, statementAttachment } from '../modules/cobranza/service';
import { reminderEmail } from '../modules/cobranza/reminder-mail';

// Issue 14 Reminders, docs/decisions/022: 'previo' N days (empresa.dias_recordatorio) or fewer before a pending
// instalment's due date, 'vencida' once it is `vencido`; each at most once per instalment.

type Candidate = {
  cuota_id: number;
  solicitud_id: number;
  numero: number;
  monto: string;
  fecha_vencimiento: string;
  tipo: 'previo' | 'vencida';
  numero_contrato: string;
  cliente: string;
  email: string;
};

export type ReminderRunResult = { sent: number; failed: number };

type Kind = Candidate['tipo'];
/** Each kind is read in batches of its own. */
const KINDS: readonly Kind[] = ['previo', 'vencida'];
type DueOn = { today: string; leadDays: number };

/**
 * The instalments (`c`) that may be due a reminder of one kind, each kind read through an index: 'vencida', the
 * overdue ones whose reminder has not been taken (`cuotas_vencidas_sin_recordatorio_idx`, migration 0018: however
 * many overdue instalments the cemetery has reminded already); 'previo', the pending ones due between today and
 * today + N days (`cuotas_estado_vencimiento_idx`) without their reminder.
 */
function dueOf(tipo: Kind, { today, leadDays }: DueOn): SQL {
  return tipo === 'vencida'
    ? sql`c.estado_pago = 'vencido' and not c.recordatorio_vencida`
    : sql`c.estado_pago = 'pendiente'
        and c.fecha_vencimiento >= ${today}::date and c.fecha_vencimiento <= ${today}::date + ${leadDays}::int
        and not exists (select 1 from recordatorios r where r.cuota_id = c.id and r.tipo = 'previo')`;
}

/**
 * The id of the last of the next `batchContracts` contracts after `afterId` with an instalment due `due`, or null
 * when none is left: the job reads a backlog (a first run on a large cemetery's data) a batch of contracts at a
 * time, each batch a range of contract ids.
 */
async function batchEnd(db: Db, due: SQL, afterId: number, batchContracts: number): Promise<number | null> {
  const [row] = rowsOf<{ id: number | null }>(
    await db.execute(sql`
      select max(solicitud_id) as id from (
        select distinct c.solicitud_id from cuotas c where ${due} and c.solicitud_id > ${afterId}
        order by c.solicitud_id limit ${batchContracts}) b`),
  );
  return row?.id ?? null;
}

/**
 * The instalments due a reminder of one kind of the contracts with an id in (afterId, upToId]. Clients without an
 * e-mail are left out and nothing is recorded for them: if an e-mail is added later, the reminders still due are
 * sent then.
 */
async function candidates(
  db: Db,
  { tipo, due, afterId, upToId }: { tipo: Kind; due: SQL; afterId: number; upToId: number },
): Promise<Candidate[]> {
  return rowsOf<Candidate>(
    await db.execute(sql`
      select c.id as cuota_id, c.solicitud_id, c.numero, c.monto::text as monto,
        to_char(c.fecha_vencimiento, 'YYYY-MM-DD') as fecha_vencimiento, ${tipo}::text as tipo,
        s.numero_contrato, cl.nombre as cliente, trim(cl.email) as email
      from cuotas c
        join solicitudes s on s.id = c.solicitud_id
        join clientes cl on cl.id = s.cliente_id
      where ${due} and c.solicitud_id > ${afterId} and c.solicitud_id <= ${upToId}
        and s.estado = 'contrato'
        and coalesce(trim(cl.email), '') <> ''
      order by c.solicitud_id, c.numero`),
  );
}

/**
 * Takes the reminder rows of some instalments of one contract; the unique (cuota_id, tipo) index lets only one run
 * (of this instance, after a restart, or of another instance) take each. Returns the instalments taken.
 *
 * It waits for no lock: the rows of a contract that a payment holds are left for the next run, so no payment,
 * whatever order it locks them in, can make the job wait or deadlock with it.
 */
async function claim(db: Db, group: Candidate[]): Promise<{ id: number; cuota_id: number }[]> {
  const [first] = group;
  if (!first) return [];
  const values = group.map(
    (item) => sql`(${item.solicitud_id}::int, ${item.cuota_id}::int, ${item.tipo}, ${item.email})`,
  );
  return rowsOf<{ id: number; cuota_id: number }>(
    await db.execute(sql`
      with pedidas (solicitud_id, cuota_id, tipo, destinatario) as (values ${sql.join(values, sql`, `)}),
      contrato as (
        select id from solicitudes where id = ${first.solicitud_id} for key share skip locked
      ), libres as (
        select c.id from cuotas c
        where c.id in (select cuota_id from pedidas) and exists (select 1 from contrato)
        order by c.id for no key update skip locked
      )
      insert into recordatorios (solicitud_id, cuota_id, tipo, destinatario)
      select p.solicitud_id, p.cuota_id, p.tipo, p.destinatario from pedidas p
      where p.cuota_id in (select id from libres)
      on conflict (cuota_id, tipo) where tipo <> 'manual' do nothing
      returning id, cuota_id`),
  );
}

/**
 * Contracts read at once: the job's memory is one batch's, whatever the backlog (a first run on a large cemetery's
 * data).
 */
const BATCH_CONTRACTS = 1000;

type Company = Awaited<ReturnType<typeof companyForMail>>;
type SendContext = { db: Db; mailer: Mailer; storage?: FileStorage; log?: FastifyBaseLogger; now: Date };

/**
 * Takes the rows of one contract and kind and e-mails the client one message with the statement PDF attached. A
 * failed send gives its rows back (deleted), so the next run tries again; no transaction stays open during the SMTP
 * conversation. Answers the instalments sent or failed, and the contract's line for the audit.
 */
async function sendGroup(
  { db, mailer, storage, log, now }: SendContext,
  company: Company,
  group: Candidate[],
): Promise<{ sent: number; failed: number; line?: string }> {
  const taken = await claim(db, group);
  if (taken.length === 0) return { sent: 0, failed: 0 };
  const takenIds = new Set(taken.map((row) => row.cuota_id));
  const items = group.filter((item) => takenIds.has(item.cuota_id));
  const first = items[0]!;
  try {
    const message = reminderEmail({
      tipo: first.tipo,
      empresa: company,
      cliente: first.cliente,
      numeroContrato: first.numero_contrato,
      cuotas: items,
    });
    const attachment = await statementAttachment(db, first.solicitud_id, { storage, now });
    await mailer.send({ to: first.email, ...message, attachments: [attachment] });
    const numbers = items.map((item) => item.numero).join(', ');
    return { sent: items.length, failed: 0, line: `${first.numero_contrato} (${first.tipo}, ${numbers})` };
  } catch (error) {
    await db.execute(
      sql`delete from recordatorios where id in (${sql.join(
        taken.map((row) => sql`${row.id}`),
        sql`, `,
      )})`,
    );
    log?.warn(
      { err: error, contrato: first.numero_contrato, tipo: first.tipo },
      'reminder not sent; it is tried again on the next run',
    );
    return { sent: 0, failed: items.length };
  }
}

/** Sends the reminders of one batch, one e-mail per contract and kind, and audits the batch once. */
async function sendBatch(
  context: SendContext,
  company: Company,
  batch: Candidate[],
): Promise<ReminderRunResult> {
  let sent = 0;
  let failed = 0;
  const lines: string[] = [];
  for (const group of groupBy(batch, (item) => String(item.solicitud_id)).values()) {
    const outcome = await sendGroup(context, company, group);
    sent += outcome.sent;
    failed += outcome.failed;
    if (outcome.line) lines.push(outcome.line);
  }
  if (sent > 0 || failed > 0) {
    await audit(context.db, SYSTEM_ACTOR, {
      accion: 'enviar_recordatorios',
      descripcion: `${sent} recordatorio(s) de cuota enviado(s)${
        failed ? `, ${failed} sin enviar (se reintentan)` : ''
      }: ${lines.join('; ') || '—'}.`,
      entidad: 'recordatorio',
    });
  }
  return { sent, failed };
}

/**
 * One run of the reminders job: for each contract and kind, takes the rows of its instalments due a reminder and,
 * only for those it took, e-mails the client one message with the statement PDF attached. The contracts are read in
 * batches, each audited once.
 */
export async function sendDueReminders({
  batchContracts = BATCH_CONTRACTS,
  ...context
}: {
  db: Db;
  mailer: Mailer;
  /** Reads the company's logo for the statement's letterhead. */
  storage?: FileStorage;
  log?: FastifyBaseLogger;
  now?: Date;
  batchContracts?: number;
}): Promise<ReminderRunResult> {
  const { db } = context;
  const now = context.now ?? new Date();
  const company = await companyForMail(db);
  const today = businessDate(now);
  const total = { sent: 0, failed: 0 };
  for (const tipo of KINDS) {
    const due = dueOf(tipo, { today, leadDays: company.diasRecordatorio });
    let afterId = 0;
    let upToId = await batchEnd(db, due, afterId, batchContracts);
    while (upToId !== null) {
      const batch = await candidates(db, { tipo, due, afterId, upToId });
      const outcome = await sendBatch({ ...context, now }, company, batch);
      total.sent += outcome.sent;
      total.failed += outcome.failed;
      afterId = upToId;
      upToId = await batchEnd(db, due, afterId, batchContracts);
    }
  }
  return total;
}
