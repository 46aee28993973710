import { Readable } from 'node:stream';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  CARE_MESSAGES,
  COLLECTION_BUCKET_LABELS,
  COLLECTION_BUCKETS,
  COLLECTION_MESSAGES,
  CONTRACT_MESSAGES,
  formatCsvAmount,
  fromCents,
  serviceLabel,
  toCents,
  toCsv,
  type CollectionsListQuery,
  type CollectionsResponse,
  type Reminder,
  type RemindersResponse,
  type ReminderType,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { clientes, cuotas, empresa, recordatorios, solicitudes, usuarios } from '../../db/schema';
import type { SessionUser } from '../../lib/actor';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { businessDate } from '../../lib/business-time';
import type { Mailer } from '../../lib/mailer';
import type { FileStorage } from '../../lib/storage';
import { assertReachesSeller, reachableSellerIds } from '../../lib/seller-scope';
import { buildStatementPdf } from '../pdf';
import {
  allDebts,
  debtDetails,
  debtRows,
  debtTotals,
  type DebtDetails,
  type DebtFilter,
  type DebtRow,
  type DebtSummary,
} from './queries';
import { reminderEmail, type CompanyLetterhead, type ReminderInstalment } from './reminder-mail';

// Issue 14 §2 Cobranza and reminders (docs/decisions/022-collections-and-reminders.md).

/**
 * The filter in the actor's scope. The office sees everyone; a supervisor their team (their sellers and their own
 * sales); a seller their own. A seller or supervisor filter naming someone out of the actor's reach is refused with
 * 403 (as every seller-filtered list does), rather than silently ignored.
 */
async function scopedFilter(
  db: Db,
  actor: SessionUser,
  query: CollectionsListQuery,
  now: Date,
): Promise<DebtFilter> {
  const sellers = await reachableSellerIds(db, actor);
  for (const id of [query.vendedor_id, query.supervisor_id]) {
    if (id !== undefined && sellers !== 'all' && !sellers.includes(id)) {
      throw forbidden(CONTRACT_MESSAGES.vendedorAjeno);
    }
  }
  return {
    today: businessDate(now),
    sellers,
    vendedorId: query.vendedor_id,
    supervisorId: query.supervisor_id,
    servicio: query.servicio,
    tramo: query.tramo,
    q: query.q,
    orden: query.orden,
  };
}

const toItem = ({ desde: _desde, ...item }: DebtRow) => item;

/**
 * GET /api/v1/cobranza: one page of overdue contracts (oldest debt first, or the `orden` asked for) and the totals
 * of the whole filter, the search included.
 */
export async function listCollections({
  db,
  actor,
  query,
  now = new Date(),
}: {
  db: Db;
  actor: SessionUser;
  query: CollectionsListQuery;
  now?: Date;
}): Promise<CollectionsResponse> {
  const filter = await scopedFilter(db, actor, query, now);
  const rows = await debtRows(db, filter, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const { total, totales } = await debtTotals(db, filter);
  return { items: rows.map(toItem), total, totales };
}

const CSV_HEADER = [
  COLLECTION_MESSAGES.csvContrato,
  COLLECTION_MESSAGES.csvCliente,
  COLLECTION_MESSAGES.csvTelefono,
  COLLECTION_MESSAGES.csvCorreo,
  COLLECTION_MESSAGES.csvVendedor,
  COLLECTION_MESSAGES.csvServicio,
  COLLECTION_MESSAGES.csvCuotasVencidas,
  COLLECTION_MESSAGES.csvMontoVencido,
  COLLECTION_MESSAGES.csvDiasMora,
  COLLECTION_MESSAGES.csvTramo,
];

const csvRow = (row: DebtSummary, details: DebtDetails | undefined) => [
  details?.numero_contrato,
  details?.cliente,
  details?.telefono,
  details?.email,
  details?.vendedor,
  details ? serviceLabel(details.servicio) : '',
  row.cuotas_vencidas,
  formatCsvAmount(Number(row.monto_vencido)),
  row.dias_mora,
  COLLECTION_BUCKET_LABELS[row.tramo],
];

/** Contracts per query of the CSV's details. */
const CSV_BATCH = 1000;

/**
 * GET /api/v1/cobranza?formato=csv: every contract of the filter, oldest debt first, then the bucket totals. The
 * debts are aggregated once (a few small columns per contract); their contract, client and seller are read 1,000 at a
 * time by primary key and each batch is written before the next is read. ';' separated, UTF-8 BOM, decimal comma
 * (packages/domain/src/csv.ts, decision 010), as 'Historial de ingresos' exports. The totals are summed in exact
 * cents from the same rows.
 */
export async function collectionsCsv({
  db,
  actor,
  query,
  now = new Date(),
}: {
  db: Db;
  actor: SessionUser;
  query: CollectionsListQuery;
  now?: Date;
}): Promise<{ filename: string; stream: Readable }> {
  const filter = await scopedFilter(db, actor, query, now);
  const debts = await allDebts(db, filter);
  async function* chunks() {
    // toCsv starts every text with the BOM: only the first chunk keeps it.
    yield toCsv([CSV_HEADER]);
    const totals = new Map(COLLECTION_BUCKETS.map((bucket) => [bucket, 0]));
    for (let start = 0; start < debts.length; start += CSV_BATCH) {
      const batch = debts.slice(start, start + CSV_BATCH);
      const details = await debtDetails(
        db,
        batch.map((row) => row.contrato_id),
      );
      for (const row of batch) totals.set(row.tramo, totals.get(row.tramo)! + toCents(row.monto_vencido));
      yield toCsv(batch.map((row) => csvRow(row, details.get(row.contrato_id)))).slice(1);
    }
    const totalRows = COLLECTION_BUCKETS.map((bucket) => [
      COLLECTION_MESSAGES.csvTotal,
      COLLECTION_BUCKET_LABELS[bucket],
      formatCsvAmount(fromCents(totals.get(bucket)!)),
    ]);
    yield toCsv([[], ...totalRows]).slice(1);
  }
  return {
    filename: `cobranza-${filter.today}.csv`,
    stream: Readable.from(chunks(), { objectMode: false }),
  };
}

/** The company's letterhead and reminder lead time (the one `empresa` row; defaults when it is missing). */
export async function companyForMail(db: Db): Promise<CompanyLetterhead & { diasRecordatorio: number }> {
  const [row] = await db
    .select({
      nombre: empresa.nombre,
      rif: empresa.rif,
      direccion: empresa.direccion,
      telefonos: empresa.telefonos,
      email: empresa.email,
      diasRecordatorio: empresa.diasRecordatorio,
    })
    .from(empresa)
    .where(eq(empresa.id, 1));
  return row ?? { nombre: '', rif: '', direccion: '', telefonos: '', email: '', diasRecordatorio: 3 };
}

/** A contract the actor reaches, with its client's name and e-mail: 404 when it is not a contract, 403 when not theirs. */
async function reachableContract(db: Db, actor: SessionUser, contractId: number) {
  const [row] = await db
    .select({
      id: solicitudes.id,
      numeroContrato: solicitudes.numeroContrato,
      vendedorId: solicitudes.vendedorId,
      estado: solicitudes.estado,
      cliente: clientes.nombre,
      email: clientes.email,
    })
    .from(solicitudes)
    .innerJoin(clientes, eq(clientes.id, solicitudes.clienteId))
    .where(eq(solicitudes.id, contractId));
  if (!row || row.estado !== 'contrato' || !row.numeroContrato) {
    throw notFound(CARE_MESSAGES.contratoNoEncontrado);
  }
  await assertReachesSeller(db, actor, row.vendedorId, CONTRACT_MESSAGES.vendedorAjeno);
  return { ...row, numeroContrato: row.numeroContrato };
}

/** A mail message's statement attachment: the contract's 'Estado de cuenta' (issue 14 §1). */
export async function statementAttachment(
  db: Db,
  contractId: number,
  options: { storage?: FileStorage; now?: Date } = {},
) {
  const pdf = await buildStatementPdf({ db, contractId, ...options });
  return { filename: pdf.filename, content: pdf.content, contentType: 'application/pdf' };
}

/** The client's e-mail, or null when none is recorded (an empty or blank text is none). */
export const clientEmail = (email: string | null) => (email && email.trim() ? email.trim() : null);

const reminderColumns = {
  id: recordatorios.id,
  tipo: recordatorios.tipo,
  cuota_numero: cuotas.numero,
  destinatario: recordatorios.destinatario,
  usuario: usuarios.username,
  enviado_en: recordatorios.enviadoEn,
};

function toReminder(row: {
  id: number;
  tipo: string;
  cuota_numero: number | null;
  destinatario: string;
  usuario: string | null;
  enviado_en: Date;
}): Reminder {
  return { ...row, tipo: row.tipo as ReminderType, enviado_en: row.enviado_en.toISOString() };
}

/**
 * POST /api/v1/cobranza/{contratoId}/recordatorio 'Enviar recordatorio': e-mails the client the statement PDF with
 * the instalments overdue, then records the 'manual' reminder and audits it. Nothing is recorded unless the mail
 * left: no e-mail → 400, a failed send → 503 (audited as failed).
 */
export async function sendManualReminder({
  db,
  mailer,
  storage,
  actor,
  contractId,
}: {
  db: Db;
  mailer: Mailer;
  /** Reads the company's logo for the statement's letterhead. */
  storage?: FileStorage;
  actor: SessionUser;
  contractId: number;
}): Promise<Reminder> {
  const contract = await reachableContract(db, actor, contractId);
  const to = clientEmail(contract.email);
  if (!to) throw badRequest(COLLECTION_MESSAGES.clienteSinCorreo);
  const overdue = rowsOf<ReminderInstalment>(
    await db.execute(sql`
      select numero, monto::text as monto, to_char(fecha_vencimiento, 'YYYY-MM-DD') as fecha_vencimiento
      from ${cuotas} where solicitud_id = ${contract.id} and estado_pago = 'vencido' order by numero`),
  );
  const message = reminderEmail({
    tipo: 'manual',
    empresa: await companyForMail(db),
    cliente: contract.cliente,
    numeroContrato: contract.numeroContrato,
    cuotas: overdue,
  });
  try {
    const attachment = await statementAttachment(db, contract.id, { storage });
    await mailer.send({ to, ...message, attachments: [attachment] });
  } catch {
    await audit(db, actor, {
      accion: 'enviar_recordatorio_fallido',
      descripcion: `No se pudo enviar el recordatorio del contrato ${contract.numeroContrato} a ${to}`,
      entidad: 'solicitud',
      entidadId: contract.id,
    });
    throw new AppError('UNAVAILABLE', COLLECTION_MESSAGES.errorEnviarRecordatorio);
  }
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(recordatorios)
      .values({ solicitudId: contract.id, tipo: 'manual', destinatario: to, usuarioId: actor.id })
      .returning({ id: recordatorios.id });
    await audit(tx, actor, {
      accion: 'enviar_recordatorio',
      descripcion: `Recordatorio del contrato ${contract.numeroContrato} enviado a ${to} con el estado de cuenta (${overdue.length} cuota(s) vencida(s))`,
      entidad: 'solicitud',
      entidadId: contract.id,
    });
    return row!.id;
  });
  const [row] = await db
    .select(reminderColumns)
    .from(recordatorios)
    .leftJoin(cuotas, eq(cuotas.id, recordatorios.cuotaId))
    .leftJoin(usuarios, eq(usuarios.id, recordatorios.usuarioId))
    .where(eq(recordatorios.id, id));
  return toReminder(row!);
}

/** GET /api/v1/cobranza/{contratoId}/recordatorios: every reminder of a contract, newest first. */
export async function listReminders({
  db,
  actor,
  contractId,
}: {
  db: Db;
  actor: SessionUser;
  contractId: number;
}): Promise<RemindersResponse> {
  const contract = await reachableContract(db, actor, contractId);
  const rows = await db
    .select(reminderColumns)
    .from(recordatorios)
    .leftJoin(cuotas, eq(cuotas.id, recordatorios.cuotaId))
    .leftJoin(usuarios, eq(usuarios.id, recordatorios.usuarioId))
    .where(and(eq(recordatorios.solicitudId, contract.id)))
    .orderBy(desc(recordatorios.enviadoEn), desc(recordatorios.id));
  return { items: rows.map(toReminder) };
}
