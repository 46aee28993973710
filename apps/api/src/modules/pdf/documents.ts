import { asc, eq } from 'drizzle-orm';
import {
  COMPANY_MESSAGES,
  formatBolivares,
  formatRate,
  formatUsd,
  fromCents,
  PARENTESCOS,
  QUOTE_VALID_DAYS,
  serviceLabel,
  toCents,
  type Cents,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import {
  archivos,
  autorizados,
  clientes,
  cuotas,
  difuntos,
  familiares,
  pagos,
  planes,
  solicitudDetalles,
  solicitudes,
  vendedores,
} from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { addMonths, businessDate } from '../../lib/business-time';
import type { FileStorage } from '../../lib/storage';
import { companyRow } from '../empresa/service';
import { formatDay, loadPdfKit, PdfWriter, type Column, type Letterhead } from './render';

// Issue 14 §1: the contract, the receipt, the statement and the quote (docs/decisions/021). No ownership check
// here: the routes, the reminder job and the mail check who may see what before calling.

export type PdfFile = { filename: string; content: Buffer };
/** `storage` reads the logo; without it the letterhead has no logo. `now` fixes the printing date (tests). */
export type PdfArgs = { db: Db; storage?: FileStorage; now?: Date };

const money = (value: string | number | null | undefined) => formatUsd(Number(value ?? 0));
const cents = (value: string | number | null | undefined) => toCents(value ?? 0);
const usd = (amount: Cents) => formatUsd(fromCents(amount));

/** A file name part: letters, digits, '-' and '_' only. */
const safe = (text: string) => text.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || 'documento';

const METHOD_LABELS: Record<string, string> = {
  USD: 'Dólares (USD)',
  VES: 'Bolívares (VES)',
  Ambos: 'Dólares y bolívares',
};
const VES_METHOD_LABELS: Record<string, string> = {
  transferencia: 'Transferencia',
  pago_movil: 'Pago Móvil',
};
const INSTALMENT_STATES: Record<string, string> = {
  pendiente: 'Pendiente',
  pagado: 'Pagada',
  vencido: 'Vencida',
};
const VERIFICATION_LABELS: Record<string, string> = {
  por_verificar: 'Por verificar',
  verificado: 'Verificado',
  rechazado: 'Rechazado',
};

async function letterheadOf(db: Db, storage: FileStorage | undefined): Promise<Letterhead> {
  const row = await companyRow(db);
  let logo: Buffer | null = null;
  if (storage && row.logoArchivoId) {
    const [file] = await db.select().from(archivos).where(eq(archivos.id, row.logoArchivoId));
    if (file) logo = await readAll(storage, file.rutaAlmacenada);
  }
  return {
    nombre: row.nombre,
    rif: row.rif,
    direccion: row.direccion,
    telefonos: row.telefonos,
    email: row.email,
    logo,
    clausulas: row.clausulas,
  };
}

async function readAll(storage: FileStorage, relativePath: string): Promise<Buffer | null> {
  const stream = await storage.open(relativePath);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function writer(company: Letterhead, title: string, now: Date) {
  const PDFDocument = await loadPdfKit();
  const footer = `${company.nombre || 'Camposanto'}${company.rif ? ` · RIF ${company.rif}` : ''} · Emitido el ${formatDay(businessDate(now))}`;
  return new PdfWriter(PDFDocument, { title, company, footer });
}

/** A contract (a request in state 'contrato') with everything its documents print. */
async function loadContract(db: Db, contractId: number) {
  const [contract] = await db.select().from(solicitudes).where(eq(solicitudes.id, contractId));
  if (!contract || contract.estado !== 'contrato' || !contract.numeroContrato)
    throw notFound(COMPANY_MESSAGES.contratoNoEncontrado);
  const [[client], [seller], lines, instalments, payments] = await Promise.all([
    db.select().from(clientes).where(eq(clientes.id, contract.clienteId)),
    db.select().from(vendedores).where(eq(vendedores.id, contract.vendedorId)),
    db
      .select({ line: solicitudDetalles, plan: planes.descripcion })
      .from(solicitudDetalles)
      .leftJoin(planes, eq(planes.id, solicitudDetalles.planId))
      .where(eq(solicitudDetalles.solicitudId, contractId))
      .orderBy(asc(solicitudDetalles.id)),
    db.select().from(cuotas).where(eq(cuotas.solicitudId, contractId)).orderBy(asc(cuotas.numero)),
    db
      .select()
      .from(pagos)
      .where(eq(pagos.solicitudId, contractId))
      .orderBy(asc(pagos.fechaPago), asc(pagos.id)),
  ]);
  return {
    contract: { ...contract, numeroContrato: contract.numeroContrato },
    client: client!,
    seller,
    lines,
    instalments,
    payments,
  };
}

type Contract = Awaited<ReturnType<typeof loadContract>>;

const clientFields = (client: Contract['client']): [string, string][] => [
  ['Nombre', client.nombre],
  ['Cédula', client.cedula],
  ['Dirección', client.direccion ?? ''],
  ['Teléfonos', [client.telefono, client.celular].filter(Boolean).join(' / ')],
  ['Correo', client.email ?? ''],
  ['Fecha de nac.', formatDay(client.fechaNacimiento)],
];

/** The payment an instalment counts (a rejected one is undone: the instalment waits for another). */
function paymentOfInstalment(payments: Contract['payments'], instalmentId: number) {
  return payments.find(
    (payment) => payment.cuotaId === instalmentId && payment.estadoVerificacion !== 'rechazado',
  );
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** DESIGN §4.7: a line of `cuotas` is paid as an initial and cuotas − 1 instalments (one when cuotas ≤ 1). */
const instalmentCount = (cuotas: number) => (cuotas <= 1 ? 1 : cuotas - 1);

function linesTable(pdf: PdfWriter, lines: Contract['lines']) {
  const columns: Column[] = [
    { header: 'Servicio / plan', width: 30 },
    { header: 'Código', width: 11 },
    { header: 'Modalidad', width: 13 },
    { header: 'Método', width: 8 },
    { header: 'Precio', width: 12, align: 'right' },
    { header: 'Descuento', width: 12, align: 'right' },
    { header: 'Total', width: 14, align: 'right' },
  ];
  const rows = lines.map(({ line, plan }) => [
    `${serviceLabel(line.tipoServicio)}\n${line.descripcion ?? plan ?? ''}`,
    line.codigo ?? '—',
    line.modalidadPago === 'Financiado'
      ? `Financiado\n${instalmentCount(line.cuotas)} cuota(s) de ${money(line.montoPorCuota)}`
      : line.modalidadPago,
    line.metodoPago,
    money(line.modalidadPago === 'Financiado' ? line.precioFinanciado : line.precioPlan),
    money(line.descuento),
    money(line.precioTotal),
  ]);
  const total = lines.reduce((sum, { line }) => sum + cents(line.precioTotal), 0);
  pdf.table(columns, rows, { totals: ['Total', '', '', '', '', '', usd(total)] });
}

function scheduleTable(pdf: PdfWriter, data: Contract, today: string, withDays: boolean) {
  const columns: Column[] = [
    { header: 'Cuota', width: 7, align: 'center' },
    { header: 'Vencimiento', width: 14 },
    { header: 'Monto', width: 14, align: 'right' },
    { header: 'Estado', width: 12 },
    ...(withDays
      ? [
          { header: 'Pago', width: 28 },
          { header: 'Días de mora', width: 11, align: 'right' as const },
        ]
      : [{ header: 'Pago', width: 30 }]),
  ];
  const rows = data.instalments.map((cuota) => {
    const payment = paymentOfInstalment(data.payments, cuota.id);
    const overdue = cuota.estadoPago !== 'pagado' && cuota.fechaVencimiento < today;
    const state =
      cuota.estadoPago === 'pagado' ? 'Pagada' : overdue ? 'Vencida' : INSTALMENT_STATES[cuota.estadoPago]!;
    const paid = payment
      ? `${formatDay(businessDate(payment.fechaPago))} · ${money(payment.montoPagado)}${payment.referencia ? ` · Ref. ${payment.referencia}` : ''}${payment.estadoVerificacion === 'por_verificar' ? ' (por verificar)' : ''}`
      : '—';
    const days = overdue ? String(daysBetween(cuota.fechaVencimiento, today)) : '—';
    return [
      String(cuota.numero),
      formatDay(cuota.fechaVencimiento),
      money(cuota.monto),
      state,
      paid,
      ...(withDays ? [days] : []),
    ];
  });
  pdf.table(columns, rows);
}

// --- Contrato ---

/** The contract the client signs (issue 14 §1 Contrato). */
export async function buildContractPdf({
  db,
  storage,
  now = new Date(),
  contractId,
}: PdfArgs & { contractId: number }): Promise<PdfFile> {
  const [data, company, relatives, deceased, authorised] = await Promise.all([
    loadContract(db, contractId),
    letterheadOf(db, storage),
    db.select().from(familiares).where(eq(familiares.solicitudId, contractId)).orderBy(asc(familiares.id)),
    db.select().from(difuntos).where(eq(difuntos.solicitudId, contractId)).orderBy(asc(difuntos.id)),
    db.select().from(autorizados).where(eq(autorizados.solicitudId, contractId)).orderBy(asc(autorizados.id)),
  ]);
  const { contract, client, seller } = data;
  const today = businessDate(now);
  const pdf = await writer(company, `Contrato ${contract.numeroContrato}`, now);
  pdf.letterhead('CONTRATO', [
    `N.º ${contract.numeroContrato}`,
    `Fecha: ${formatDay(businessDate(contract.fechaConversion ?? contract.fechaCreacion))}`,
    `Solicitud ${contract.numeroSolicitud}`,
  ]);
  pdf.section('Cliente');
  pdf.fields(clientFields(client));
  pdf.section('Vendedor');
  pdf.fields([
    ['Nombre', seller?.nombre ?? '—'],
    ['Teléfono', seller?.telefono ?? ''],
    ['Correo', seller?.email ?? ''],
    ['Servicio', serviceLabel(contract.tipoServicio)],
  ]);
  pdf.section('Detalle del contrato');
  linesTable(pdf, data.lines);
  const initial = data.payments.find(
    (payment) => payment.cuotaId === null && payment.estadoVerificacion !== 'rechazado',
  );
  const initialDue = data.lines.reduce(
    (sum, { line }) => sum + (line.modalidadPago === 'Financiado' ? cents(line.pagoInicial) : 0),
    0,
  );
  pdf.totals([
    ['Modalidad', contract.modalidadPago],
    ['Monto total', money(contract.montoTotal)],
    ...(contract.modalidadPago === 'Financiado'
      ? ([
          ['Pago inicial', usd(initialDue)],
          ['Saldo en cuotas', usd(data.instalments.reduce((sum, cuota) => sum + cents(cuota.monto), 0))],
        ] as [string, string][])
      : ([['Pagado', initial ? money(initial.montoPagado) : usd(0)]] as [string, string][])),
  ]);
  if (data.instalments.length) {
    pdf.section('Plan de cuotas');
    scheduleTable(pdf, data, today, false);
  }
  if (relatives.length) {
    pdf.section('Familiares (previsivo)');
    pdf.table(
      [
        { header: 'Nombre', width: 36 },
        { header: 'Cédula', width: 16 },
        { header: 'Fecha de nac.', width: 16 },
        { header: 'Parentesco', width: 18 },
        { header: 'Precio', width: 14, align: 'right' },
      ],
      relatives.map((row) => [
        row.nombre,
        row.cedula ?? '—',
        formatDay(row.fechaNacimiento),
        PARENTESCOS[row.parentesco] ?? '—',
        money(row.precio),
      ]),
    );
  }
  if (deceased.length) {
    pdf.section('Difuntos');
    pdf.table(
      [
        { header: 'Nombre', width: 30 },
        { header: 'Cédula', width: 14 },
        { header: 'Parentesco', width: 14 },
        { header: 'Defunción', width: 14 },
        { header: 'Causa / lugar', width: 28 },
      ],
      deceased.map((row) => [
        row.nombre,
        row.cedula ?? '—',
        row.parentesco ?? '—',
        formatDay(row.fechaDefuncion),
        [row.causaDefuncion, row.direccionDefuncion].filter(Boolean).join(' · ') || '—',
      ]),
    );
  }
  if (authorised.length) {
    pdf.section('Personas autorizadas');
    pdf.table(
      [
        { header: 'Nombre', width: 30 },
        { header: 'Cédula', width: 15 },
        { header: 'Teléfonos', width: 25 },
        { header: 'Correo', width: 30 },
      ],
      authorised.map((row) => [
        row.nombre,
        row.cedula,
        [row.telefono, row.celular].filter(Boolean).join(' / ') || '—',
        row.email ?? '—',
      ]),
    );
  }
  const clauses = company.clausulas ?? '';
  if (clauses.trim()) {
    pdf.section('Cláusulas');
    pdf.paragraph(clauses, { size: 8.5 });
  }
  pdf.signatures([
    ['EL CLIENTE', `${client.nombre} · C.I. ${client.cedula}`],
    ['LA EMPRESA', company.nombre || 'Camposanto'],
  ]);
  return { filename: `contrato-${safe(contract.numeroContrato)}.pdf`, content: await pdf.finish() };
}

// --- Recibo ---

/** The receipt of one reported payment (issue 14 §1 Recibo de pago); a rejected payment has none (409). */
export async function buildReceiptPdf({
  db,
  storage,
  now = new Date(),
  paymentId,
}: PdfArgs & { paymentId: number }): Promise<PdfFile> {
  const [payment] = await db.select().from(pagos).where(eq(pagos.id, paymentId));
  if (!payment) throw notFound(COMPANY_MESSAGES.pagoNoEncontrado);
  if (payment.estadoVerificacion === 'rechazado') throw conflict(COMPANY_MESSAGES.reciboPagoRechazado);
  const [[request], company, instalment] = await Promise.all([
    db.select().from(solicitudes).where(eq(solicitudes.id, payment.solicitudId)),
    letterheadOf(db, storage),
    payment.cuotaId ? db.select().from(cuotas).where(eq(cuotas.id, payment.cuotaId)) : Promise.resolve([]),
  ]);
  const [[client], [seller], instalmentCount] = await Promise.all([
    db.select().from(clientes).where(eq(clientes.id, request!.clienteId)),
    db.select().from(vendedores).where(eq(vendedores.id, payment.vendedorId)),
    payment.cuotaId
      ? db.select({ id: cuotas.id }).from(cuotas).where(eq(cuotas.solicitudId, request!.id))
      : Promise.resolve([]),
  ]);
  const number = `R-${String(payment.id).padStart(6, '0')}`;
  const document = request!.numeroContrato
    ? `del contrato ${request!.numeroContrato}`
    : `de la solicitud ${request!.numeroSolicitud}`;
  const concept =
    payment.tipo === 'cuota'
      ? `Cuota ${instalment[0]?.numero ?? '?'} de ${instalmentCount.length} ${document}`
      : payment.tipo === 'inicial'
        ? `Pago inicial ${document}`
        : `Pago de contado ${document}`;
  const pdf = await writer(company, `Recibo ${number}`, now);
  pdf.letterhead('RECIBO DE PAGO', [`N.º ${number}`, `Fecha: ${formatDay(businessDate(payment.fechaPago))}`]);
  pdf.section('Cliente');
  pdf.fields([
    ['Nombre', client!.nombre],
    ['Cédula', client!.cedula],
    ['Servicio', serviceLabel(request!.tipoServicio)],
    ['Vendedor', seller?.nombre ?? '—'],
  ]);
  pdf.section('Concepto');
  pdf.paragraph(concept, { bold: true, size: 10 });
  const rate = payment.dollarPrice === null ? null : Number(payment.dollarPrice);
  const amountLines: [string, string][] = [['Monto en dólares', money(payment.montoPagado)]];
  if (cents(payment.bolivares) > 0 || rate !== null)
    amountLines.push([
      'Monto en bolívares',
      cents(payment.bolivares) > 0
        ? formatBolivares(Number(payment.bolivares))
        : formatBolivares(fromCents(Math.round(cents(payment.montoPagado) * (rate ?? 0)))),
    ]);
  if (rate !== null) amountLines.push(['Tasa de cambio aplicada', `${formatRate(rate)} por dólar`]);
  pdf.callout(amountLines);
  pdf.section('Forma de pago');
  pdf.fields([
    [
      'Método',
      `${METHOD_LABELS[payment.metodoPago] ?? payment.metodoPago}${payment.metodoVes ? ` · ${VES_METHOD_LABELS[payment.metodoVes] ?? payment.metodoVes}` : ''}`,
    ],
    ['Pagado en USD', money(payment.divisas)],
    ['Banco emisor', payment.bancoEmisor ?? '—'],
    ['Pagado en Bs.', formatBolivares(Number(payment.bolivares))],
    ['Banco receptor', payment.bancoReceptor ?? '—'],
    ['Referencia', payment.referencia ?? '—'],
    ['Verificación', VERIFICATION_LABELS[payment.estadoVerificacion] ?? payment.estadoVerificacion],
    ['Observaciones', payment.observaciones ?? ''],
  ]);
  pdf.totals([
    ['Monto total del servicio', money(payment.montoTotal)],
    ['Saldo después de este pago', money(payment.montoRestante)],
  ]);
  if (payment.estadoVerificacion === 'por_verificar')
    pdf.paragraph(
      'Pago reportado, pendiente de verificación por administración. Este recibo no sustituye la verificación del comprobante bancario.',
      { muted: true, size: 8 },
    );
  pdf.signatures([['Recibido por', company.nombre || 'Camposanto']]);
  return { filename: `recibo-${number}.pdf`, content: await pdf.finish() };
}

// --- Estado de cuenta ---

/** Every instalment with its due date, state and payment, totals and days overdue (issue 14 §1). */
export async function buildStatementPdf({
  db,
  storage,
  now = new Date(),
  contractId,
}: PdfArgs & { contractId: number }): Promise<PdfFile> {
  const [data, company] = await Promise.all([loadContract(db, contractId), letterheadOf(db, storage)]);
  const { contract, client, seller } = data;
  const today = businessDate(now);
  const pdf = await writer(company, `Estado de cuenta ${contract.numeroContrato}`, now);
  pdf.letterhead('ESTADO DE CUENTA', [`Contrato ${contract.numeroContrato}`, `Al ${formatDay(today)}`]);
  pdf.section('Cliente');
  pdf.fields([
    ...clientFields(client).slice(0, 5),
    ['Vendedor', seller?.nombre ?? '—'],
    ['Servicio', serviceLabel(contract.tipoServicio)],
    ['Modalidad', contract.modalidadPago],
  ]);
  const counted = data.payments.filter((payment) => payment.estadoVerificacion !== 'rechazado');
  const initial = counted.filter((payment) => payment.cuotaId === null);
  if (initial.length) {
    pdf.section(contract.modalidadPago === 'Financiado' ? 'Pago inicial' : 'Pago de contado');
    pdf.table(
      [
        { header: 'Fecha', width: 14 },
        { header: 'Monto', width: 16, align: 'right' },
        { header: 'Método', width: 20 },
        { header: 'Referencia', width: 30 },
        { header: 'Verificación', width: 20 },
      ],
      initial.map((payment) => [
        formatDay(businessDate(payment.fechaPago)),
        money(payment.montoPagado),
        METHOD_LABELS[payment.metodoPago] ?? payment.metodoPago,
        payment.referencia ?? '—',
        VERIFICATION_LABELS[payment.estadoVerificacion] ?? '',
      ]),
    );
  }
  pdf.section('Cuotas');
  if (data.instalments.length) scheduleTable(pdf, data, today, true);
  else pdf.paragraph('El contrato no tiene cuotas.', { muted: true });
  const paidInstalments = data.instalments.filter((cuota) => cuota.estadoPago === 'pagado');
  const unpaid = data.instalments.filter((cuota) => cuota.estadoPago !== 'pagado');
  const overdue = unpaid.filter((cuota) => cuota.fechaVencimiento < today);
  const paid =
    initial.reduce((sum, payment) => sum + cents(payment.montoPagado), 0) +
    paidInstalments.reduce((sum, cuota) => sum + cents(cuota.monto), 0);
  const outstanding = unpaid.reduce((sum, cuota) => sum + cents(cuota.monto), 0);
  const overdueAmount = overdue.reduce((sum, cuota) => sum + cents(cuota.monto), 0);
  const maxDays = overdue.reduce(
    (max, cuota) => Math.max(max, daysBetween(cuota.fechaVencimiento, today)),
    0,
  );
  pdf.totals([
    ['Monto total', money(contract.montoTotal)],
    ['Total pagado', usd(paid)],
    ['Saldo pendiente', usd(outstanding)],
    [`Vencido (${overdue.length} cuota${overdue.length === 1 ? '' : 's'})`, usd(overdueAmount)],
    ['Días de mora', String(maxDays)],
  ]);
  if (overdue.length)
    pdf.paragraph(
      `Tiene ${overdue.length} cuota(s) vencida(s) por ${usd(overdueAmount)}. Por favor, comuníquese con su vendedor para ponerse al día.`,
      { bold: true },
    );
  return { filename: `estado-cuenta-${safe(contract.numeroContrato)}.pdf`, content: await pdf.finish() };
}

// --- Presupuesto ---

export type QuoteLine = {
  servicio: string;
  plan: string;
  codigo: string | null;
  modalidad: string;
  metodo: string;
  precioPlan: Cents;
  descuento: Cents;
  precioTotal: Cents;
  pagoInicial: Cents;
  /** The instalments after the initial (instalmentSchedule), empty for cash. */
  instalments: Cents[];
};

/** A pre-need relative priced into a quote. */
export type QuoteRelative = { nombre: string; parentesco: string; edad: number; precio: Cents };

/** A quote of the unsaved request form, priced by the server, valid QUOTE_VALID_DAYS days (issue 14 §1). */
export async function buildQuotePdf({
  db,
  storage,
  now = new Date(),
  client,
  seller,
  lines,
  relatives = [],
  request,
}: PdfArgs & {
  client: { nombre: string; cedula: string; telefono: string | null; email: string | null } | null;
  seller: string;
  lines: QuoteLine[];
  relatives?: QuoteRelative[];
  /** A saved request printed with the same layout (its number, date and expiry), for the e-mail to the office. */
  request?: { numero: string; fecha: string; vence: string };
}): Promise<PdfFile> {
  const company = await letterheadOf(db, storage);
  const today = businessDate(now);
  const validUntil =
    request?.vence ??
    new Date(Date.parse(`${today}T00:00:00Z`) + QUOTE_VALID_DAYS * 86_400_000).toISOString().slice(0, 10);
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 12);
  const pdf = await writer(company, request ? `Solicitud ${request.numero}` : 'Presupuesto', now);
  if (request)
    pdf.letterhead('SOLICITUD', [
      `N.º ${request.numero}`,
      `Fecha: ${formatDay(request.fecha)}`,
      `Vence: ${formatDay(validUntil)}`,
    ]);
  else
    pdf.letterhead('PRESUPUESTO', [`Fecha: ${formatDay(today)}`, `Válido hasta: ${formatDay(validUntil)}`]);
  if (client) {
    pdf.section('Cliente');
    pdf.fields([
      ['Nombre', client.nombre],
      ['Cédula', client.cedula],
      ['Teléfono', client.telefono ?? ''],
      ['Correo', client.email ?? ''],
    ]);
  }
  pdf.section('Detalle');
  pdf.table(
    [
      { header: 'Servicio / plan', width: 30 },
      { header: 'Código', width: 10 },
      { header: 'Modalidad', width: 17 },
      { header: 'Método', width: 8 },
      { header: 'Precio', width: 12, align: 'right' },
      { header: 'Descuento', width: 11, align: 'right' },
      { header: 'Total', width: 12, align: 'right' },
    ],
    lines.map((line) => [
      `${line.servicio}\n${line.plan}`,
      line.codigo ?? '—',
      line.modalidad === 'Financiado'
        ? `Financiado\nInicial ${usd(line.pagoInicial)}\n${line.instalments.length} cuota(s) de ${usd(line.instalments[0] ?? 0)}`
        : line.modalidad,
      line.metodo,
      usd(line.precioPlan),
      usd(line.descuento),
      usd(line.precioTotal),
    ]),
    { totals: ['Total', '', '', '', '', '', usd(lines.reduce((sum, line) => sum + line.precioTotal, 0))] },
  );
  if (relatives.length) {
    pdf.section('Familiares (incluidos en el precio)');
    pdf.table(
      [
        { header: 'Nombre', width: 44 },
        { header: 'Parentesco', width: 24 },
        { header: 'Edad', width: 12, align: 'right' },
        { header: 'Tarifa', width: 20, align: 'right' },
      ],
      relatives.map((relative) => [
        relative.nombre,
        relative.parentesco,
        String(relative.edad),
        usd(relative.precio),
      ]),
    );
  }
  const financed = lines.filter((line) => line.instalments.length);
  if (financed.length) {
    pdf.section('Plan de cuotas estimado');
    pdf.table(
      [
        { header: 'Servicio / plan', width: 40 },
        { header: 'Cuota', width: 12, align: 'center' },
        { header: 'Vencimiento estimado', width: 24 },
        { header: 'Monto', width: 24, align: 'right' },
      ],
      financed.flatMap((line) =>
        line.instalments.map((amount, index) => [
          index === 0 ? line.plan : '',
          String(index + 1),
          formatDay(addMonths(today, index + 1)),
          usd(amount),
        ]),
      ),
    );
  }
  if (request) {
    pdf.paragraph(`Solicitud registrada por ${seller}. Vence el ${formatDay(validUntil)} si no se paga.`, {
      muted: true,
      size: 8.5,
    });
    return { filename: `solicitud-${safe(request.numero)}.pdf`, content: await pdf.finish() };
  }
  pdf.paragraph(
    `Presupuesto válido por ${QUOTE_VALID_DAYS} días, hasta el ${formatDay(validUntil)}. Los precios pueden variar después de esa fecha. Este documento no es un contrato ni reserva parcelas o nichos. Vendedor: ${seller}.`,
    { muted: true, size: 8.5 },
  );
  return { filename: `presupuesto-${stamp}.pdf`, content: await pdf.finish() };
}

/** A saved request (not yet a contract) as a summary with the quote's layout: the office's e-mail attaches it. */
export async function buildRequestPdf({
  db,
  storage,
  now,
  requestId,
}: PdfArgs & { requestId: number }): Promise<PdfFile> {
  const [request] = await db.select().from(solicitudes).where(eq(solicitudes.id, requestId));
  if (!request) throw notFound(COMPANY_MESSAGES.contratoNoEncontrado);
  const [[client], [seller], lines] = await Promise.all([
    db.select().from(clientes).where(eq(clientes.id, request.clienteId)),
    db.select({ nombre: vendedores.nombre }).from(vendedores).where(eq(vendedores.id, request.vendedorId)),
    db
      .select({ line: solicitudDetalles, plan: planes.descripcion })
      .from(solicitudDetalles)
      .leftJoin(planes, eq(planes.id, solicitudDetalles.planId))
      .where(eq(solicitudDetalles.solicitudId, requestId))
      .orderBy(asc(solicitudDetalles.id)),
  ]);
  const schedule = (line: (typeof lines)[number]['line']) => {
    if (line.modalidadPago !== 'Financiado') return [];
    const count = instalmentCount(line.cuotas);
    const balance = cents(line.precioTotal) - cents(line.pagoInicial);
    const regular = cents(line.montoPorCuota);
    return Array.from({ length: count }, (_, index) =>
      index < count - 1 ? regular : balance - regular * (count - 1),
    );
  };
  return buildQuotePdf({
    db,
    storage,
    now,
    client: client
      ? {
          nombre: client.nombre,
          cedula: client.cedula,
          telefono: client.telefono ?? client.celular,
          email: client.email,
        }
      : null,
    seller: seller?.nombre ?? '',
    lines: lines.map(({ line, plan }) => ({
      servicio: serviceLabel(line.tipoServicio),
      plan: line.descripcion ?? plan ?? '',
      codigo: line.codigo,
      modalidad: line.modalidadPago,
      metodo: line.metodoPago,
      precioPlan: cents(line.modalidadPago === 'Financiado' ? line.precioFinanciado : line.precioPlan),
      descuento: cents(line.descuento),
      precioTotal: cents(line.precioTotal),
      pagoInicial: cents(line.pagoInicial),
      instalments: schedule(line),
    })),
    request: {
      numero: request.numeroSolicitud,
      fecha: businessDate(request.fechaCreacion),
      vence: businessDate(request.fechaVencimiento),
    },
  });
}

/** What the contract's PDF reads, without drawing it: the floor of `npm run bench:pdf`. */
export async function loadContractForPdf({ db, storage, contractId }: PdfArgs & { contractId: number }) {
  return Promise.all([
    loadContract(db, contractId),
    letterheadOf(db, storage),
    db.select().from(familiares).where(eq(familiares.solicitudId, contractId)),
    db.select().from(difuntos).where(eq(difuntos.solicitudId, contractId)),
    db.select().from(autorizados).where(eq(autorizados.solicitudId, contractId)),
  ]);
}
