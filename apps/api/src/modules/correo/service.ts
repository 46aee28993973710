import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { canSendRequestEmail, PAYMENT_MESSAGES } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { archivos, clientes, solicitudes, vendedores } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import type { MailAttachment, Mailer } from '../../lib/mailer';
import type { FileStorage } from '../../lib/storage';
import type { SessionUser } from '../../lib/actor';
import { reachableRequest } from '../contratos/access';
import { receiptsOfRequest, requestDetails } from '../pagos/queries';
import { buildContractPdf, buildRequestPdf, PDF_CONTENT_TYPE } from '../pdf';
import { requestEmail } from './template';

/**
 * DESIGN §4.8 'Enviar Solicitud': e-mails the request to the administration mailbox with the seller in copy,
 * the receipts and identity document attached, and marks it sent. Only once, and only after the payment due
 * now (none for a financed request without initial).
 */
export async function sendRequestEmail(args: {
  db: Db;
  storage: FileStorage;
  mailer: Mailer;
  mailAdmin: string;
  actor: SessionUser;
  requestId: number;
}) {
  const request = await reachableRequest({ db: args.db, actor: args.actor, id: args.requestId });
  if (request.emailEnviado) throw conflict(PAYMENT_MESSAGES.correoYaEnviado);
  const details = await requestDetails({
    db: args.db,
    actor: args.actor,
    clientId: request.clienteId,
    requestId: request.id,
  });
  if (!canSendRequestEmail(details.solicitud)) throw badRequest(PAYMENT_MESSAGES.correoPendiente);
  const [seller] = await args.db
    .select({ nombre: vendedores.nombre, email: vendedores.email })
    .from(vendedores)
    .where(eq(vendedores.id, request.vendedorId));
  const [client] = await args.db
    .select({ documento: archivos })
    .from(clientes)
    .innerJoin(archivos, eq(archivos.id, clientes.documentoId))
    .where(eq(clientes.id, request.clienteId));
  const files = [
    ...(await receiptsOfRequest({ db: args.db, requestId: request.id })),
    ...(client ? [client.documento] : []),
  ];
  // Issue 14: the contract's PDF when the request is already a contract, otherwise the request's summary.
  const document =
    request.estado === 'contrato'
      ? await buildContractPdf({ db: args.db, storage: args.storage, contractId: request.id })
      : await buildRequestPdf({ db: args.db, storage: args.storage, requestId: request.id });
  const message = requestEmail(details, seller?.nombre ?? '');
  // Of concurrent sends only the one that flips email_enviado mails the request (the others get 409). The flag
  // is claimed before the SMTP conversation, so no transaction stays open during it, and given back on failure.
  await args.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(solicitudes)
      .set({ emailEnviado: true, updatedAt: new Date() })
      .where(and(eq(solicitudes.id, request.id), eq(solicitudes.emailEnviado, false)))
      .returning({ id: solicitudes.id });
    if (!claimed) throw conflict(PAYMENT_MESSAGES.correoYaEnviado);
    await audit(tx, args.actor, {
      accion: 'enviar_correo',
      descripcion: `Solicitud ${request.numeroSolicitud} enviada por correo a ${args.mailAdmin} con ${files.length + 1} adjunto(s)`,
      entidad: 'solicitud',
      entidadId: request.id,
    });
  });
  // The stored files are streamed from the storage (disk or S3, issue 16); one that cannot be read fails the send.
  const opened: Readable[] = [];
  try {
    const stored: MailAttachment[] = [];
    for (const file of files) {
      const content = await args.storage.open(file.rutaAlmacenada);
      if (!content) throw new Error(`attachment ${file.rutaAlmacenada} is missing`);
      opened.push(content);
      stored.push({ filename: file.nombreOriginal, content, contentType: file.tipoMime });
    }
    await args.mailer.send({
      to: args.mailAdmin,
      cc: seller?.email,
      ...message,
      attachments: [
        { filename: document.filename, content: document.content, contentType: PDF_CONTENT_TYPE },
        ...stored,
      ],
    });
  } catch {
    for (const stream of opened) stream.destroy();
    await args.db.transaction(async (tx) => {
      await tx
        .update(solicitudes)
        .set({ emailEnviado: false, updatedAt: new Date() })
        .where(eq(solicitudes.id, request.id));
      await audit(tx, args.actor, {
        accion: 'enviar_correo_fallido',
        descripcion: `No se pudo enviar por correo la solicitud ${request.numeroSolicitud}: queda sin enviar`,
        entidad: 'solicitud',
        entidadId: request.id,
      });
    });
    throw new AppError('UNAVAILABLE', PAYMENT_MESSAGES.errorCorreo);
  }
  return { mensaje: PAYMENT_MESSAGES.correoEnviado };
}
