import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { SYSTEM_ACTOR } from '../lib/actor';
import { audit } from '../lib/audit';
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

/**
 * The instalments of contracts due a reminder not yet taken: pending and due between today and today + N days
 * ('previo'), or overdue ('vencida'). Clients without an e-mail are left out and nothing is recorded for them: if an
 * e-mail is added later, the reminders still due are sent then.
 */
async function candidates(db: Db, today: string, leadDays: number): Promise<Candidate[]> {
  return rowsOf<Candidate>(
    await db.execute(sql`
      select c.id as cuota_id, c.solicitud_id, c.numero, c.monto::text as monto,
        to_char(c.fecha_vencimiento, 'YYYY-MM-DD') as fecha_vencimiento, t.tipo,
        s.numero_contrato, cl.nombre as cliente, trim(cl.email) as email
      from cuotas c
        cross join lateral (select case when c.estado_pago = 'vencido' then 'vencida' else 'previo' end as tipo) t
        join solicitudes s on s.id = c.solicitud_id
        join clientes cl on cl.id = s.cliente_id
      where s.estado = 'contrato'
        and (c.estado_pago = 'vencido'
          or (c.estado_pago = 'pendiente'
            and c.fecha_vencimiento >= ${today}::date
            and c.fecha_vencimiento <= ${today}::date + ${leadDays}::int))
        and coalesce(trim(cl.email), '') <> ''
        and not exists (select 1 from recordatorios r where r.cuota_id = c.id and r.tipo = t.tipo)
      order by c.solicitud_id, t.tipo, c.numero`),
  );
}

/**
 * Takes the reminder rows of some instalments of one contract; the unique (cuota_id, tipo) index lets only one run
 * (of this instance, after a restart, or of another instance) take each. Returns the instalments taken.
 */
async function claim(db: Db, group: Candidate[]): Promise<{ id: number; cuota_id: number }[]> {
  const [first] = group;
  if (!first) return [];
  const values = group.map(
    (item) => sql`(${item.solicitud_id}::int, ${item.cuota_id}::int, ${item.tipo}, ${item.email})`,
  );
  return rowsOf<{ id: number; cuota_id: number }>(
    await db.execute(sql`
      insert into recordatorios (solicitud_id, cuota_id, tipo, destinatario)
      values ${sql.join(values, sql`, `)}
      on conflict (cuota_id, tipo) where tipo <> 'manual' do nothing
      returning id, cuota_id`),
  );
}

/**
 * One run of the reminders job: for each contract and kind, takes the rows of its instalments due a reminder and,
 * only for those it took, e-mails the client one message with the statement PDF attached. A failed send gives its
 * rows back (deleted), so the next run tries again; no transaction stays open during the SMTP conversation.
 */
export async function sendDueReminders({
  db,
  mailer,
  storage,
  log,
  now = new Date(),
}: {
  db: Db;
  mailer: Mailer;
  /** Reads the company's logo for the statement's letterhead. */
  storage?: FileStorage;
  log?: FastifyBaseLogger;
  now?: Date;
}): Promise<ReminderRunResult> {
  const company = await companyForMail(db);
  const today = businessDate(now);
  const groups = new Map<string, Candidate[]>();
  for (const item of await candidates(db, today, company.diasRecordatorio)) {
    const key = `${item.solicitud_id}:${item.tipo}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  let sent = 0;
  let failed = 0;
  const contracts: string[] = [];
  for (const group of groups.values()) {
    const taken = await claim(db, group);
    if (taken.length === 0) continue;
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
      sent += items.length;
      contracts.push(
        `${first.numero_contrato} (${first.tipo}, ${items.map((item) => item.numero).join(', ')})`,
      );
    } catch (error) {
      failed += items.length;
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
    }
  }
  if (sent > 0 || failed > 0) {
    await audit(db, SYSTEM_ACTOR, {
      accion: 'enviar_recordatorios',
      descripcion: `${sent} recordatorio(s) de cuota enviado(s)${
        failed ? `, ${failed} sin enviar (se reintentan)` : ''
      }: ${contracts.join('; ') || '—'}.`,
      entidad: 'recordatorio',
    });
  }
  return { sent, failed };
}
