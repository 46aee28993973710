import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG } from '@camposanto/domain';
import { AppError, isDataException } from '../lib/app-error';
import { InputError } from '../lib/validation';

/**
 * The one place that turns errors into HTTP (DESIGN §3 Errors, §5): Spanish details, validation lists in
 * the `{loc, msg, type}` shape, and a generic text with the request id instead of any 5xx message.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  { servesWebApp }: { servesWebApp: boolean },
): void {
  registerNotFound(app, servesWebApp);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.statusCode).send({ detail: error.message, ...error.extra });
    }
    if (error instanceof InputError) return reply.status(422).send({ detail: error.issues });
    if (hasZodFastifySchemaValidationErrors(error)) {
      const detail = error.validation.map((issue) => ({
        loc: [error.validationContext ?? 'body', ...pathOf(issue.instancePath)],
        msg: issue.message ?? MSG.datosInvalidos,
        type: issue.keyword,
      }));
      return reply.status(422).send({ detail });
    }
    if (error.code === 'FST_ERR_RESPONSE_SERIALIZATION' && isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response does not match its schema');
      return reply.status(500).send({ detail: MSG.errorInterno, request_id: request.id });
    }
    if (isDataException(error)) {
      // A value the database cannot hold (out of range, bad encoding) that the schemas let through: the
      // client's input, so a 400; logged, because a schema should have refused it first.
      request.log.warn({ err: error }, 'input refused by the database');
      return reply.status(400).send({ detail: MSG.datosInvalidos });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ detail: MSG.errorInterno, request_id: request.id });
    }
    return reply.status(status).send({ detail: spanishDetail(error, status) });
  });
}

/**
 * Errors the router raises before any route or error handler runs (issue 11 defect 5): a path that is not
 * valid percent-encoding, or a parameter over the router's length limit. Spanish, and never the URL echoed.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    reply.status(414).send({ detail: MSG.direccionDemasiadoLarga });
  else if (error.code === 'FST_ERR_BAD_URL') reply.status(400).send({ detail: MSG.direccionNoValida });
  else {
    request.log.error({ err: error }, 'router error');
    reply.status(500).send({ detail: MSG.errorInterno, request_id: request.id });
  }
}

/** Malformed HTTP that Node's parser refuses before Fastify sees a request: the same Spanish JSON shape. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const [status, reason, detail] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', MSG.solicitudLenta]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', MSG.cabecerasDemasiadoGrandes]
        : [400, 'Bad Request', MSG.datosInvalidos];
  const body = JSON.stringify({ detail });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function pathOf(instancePath: string): string[] {
  return instancePath.split('/').filter(Boolean);
}

/** Fastify's own 4xx errors (bad JSON, wrong content type, file too large...) in Spanish. */
function spanishDetail(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return MSG.tipoContenidoNoAdmitido;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return MSG.jsonNoValido;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
      return MSG.tamanoMaximoSuperado;
    case 'FST_ERR_RATE_LIMIT':
      return MSG.demasiadasSolicitudes;
    default:
      if (status === 401) return MSG.tokenInvalido;
      if (status === 403) return MSG.sinPermiso;
      if (status === 404) return MSG.noEncontrado;
      if (status === 413) return MSG.tamanoMaximoSuperado;
      if (status === 429) return MSG.demasiadasSolicitudes;
      return MSG.datosInvalidos;
  }
}

const API_PREFIXES = ['/api/', '/docs', '/parcelas', '/health', '/ready', '/v1/', '/uploads/'];

/** Unknown API paths answer a Spanish 404; any other page of the web app gets index.html (SPA fallback). */
function registerNotFound(app: FastifyInstance, servesWebApp: boolean) {
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      servesWebApp &&
      request.method === 'GET' &&
      !API_PREFIXES.some((prefix) => request.url.startsWith(prefix)) &&
      (request.headers.accept ?? '').includes('text/html');
    if (isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send({ detail: MSG.noEncontrado });
  });
}
