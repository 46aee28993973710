import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@camposanto/domain';
import { seedCatalogue } from '../src/seed/catalogue';
import { adminToken, bearer, newUserBody, userWithRole, type TestUser } from './helpers/auth';
import { insertCliente, snapshot } from './helpers/fixtures';
import { multipartBody } from './helpers/multipart';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 11 defects 1–5 and 9: hostile input gets a Spanish 4xx and changes nothing, never a 500.

const NUL_TEXT = 'El texto contiene un carácter no permitido.';
const OUT_OF_RANGE = 'El importe supera el máximo permitido.';

let t: TestApp;
let admin: string;
let vendedor: TestUser;
let clienteId: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue({ db: t.db });
  admin = await adminToken(t.app);
  vendedor = await userWithRole(t.app, admin, 'vendedor');
  clienteId = (await insertCliente(t.db, vendedor.id)).id;
});
afterAll(() => t?.close());

/** Sends the request as the administrator and checks that it changed no row. */
async function refused(request: InjectOptions, token = admin) {
  const before = await snapshot(t.db);
  const response = await t.app.inject({
    ...request,
    headers: { ...bearer(token), ...(request.headers as Record<string, string>) },
  });
  expect(await snapshot(t.db)).toEqual(before);
  return response;
}

const requestBody = (line: Record<string, unknown> = {}, header: Record<string, unknown> = {}) => [
  {
    cliente_id: clienteId,
    tipo_servicio: 'parcelas',
    modalidadPago: 'De Contado',
    detalles: [{ descripcion: 'Parcela', codigo: 'A01-01-01', metodoPago: 'USD', ...line }],
    ...header,
  },
];

describe('defect 1: a NUL character', () => {
  it.each<[string, InjectOptions, (string | number)[]]>([
    [
      'in a JSON field',
      { method: 'POST', url: '/api/v1/usuarios/', payload: newUserBody('cliente', { username: 'a\u0000b' }) },
      ['body', 'username'],
    ],
    [
      'in a seller field',
      { method: 'PUT', url: '/api/v1/vendedores/1', payload: { direccion: 'Calle\u0000 1' } },
      ['body', 'direccion'],
    ],
    [
      'in a request line',
      { method: 'POST', url: '/api/v1/solicitudes/', payload: requestBody({ codigo: 'A01\u0000' }) },
      ['body', 0, 'detalles', 0, 'codigo'],
    ],
    ['in a path parameter', { method: 'GET', url: '/api/v1/clientes/%00' }, ['params', 'cedula']],
    ['in a niche code', { method: 'GET', url: '/api/consulta-columbario/%00' }, ['params', 'code']],
    ['in a map name', { method: 'GET', url: '/uploads/mapas/%00' }, ['params', 'clave']],
    [
      'in a query string',
      { method: 'GET', url: '/api/planes/solicitudes?tipo_servicio=par%00celas' },
      ['querystring', 'tipo_servicio'],
    ],
  ])('%s is refused with 422 in Spanish', async (_name, request, loc) => {
    const response = await refused(request);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ detail: [{ loc, msg: NUL_TEXT, type: 'invalid_string' }] });
  });

  it('in a multipart field is refused with 422 in Spanish', async () => {
    const { payload, headers } = await multipartBody([
      { field: 'nombre', value: 'Ana' },
      { field: 'cedula', value: 'V-123' },
      { field: 'nombre_documento', value: 'cedula\u0000.pdf' },
    ]);
    const response = await refused({ method: 'POST', url: '/api/v1/clientes/', payload, headers });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toContainEqual({
      loc: ['body', 'nombre_documento'],
      msg: NUL_TEXT,
      type: 'invalid_string',
    });
  });
});

describe('defect 2: prototype keys', () => {
  it.each(['/api/planes?tipo_servicio=__proto__', '/api/planes/solicitudes?tipo_servicio=constructor'])(
    'GET %s answers 400 in Spanish',
    async (url) => {
      const response = await refused({ method: 'GET', url });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ detail: 'Tipo de servicio no válido.' });
    },
  );

  it('POST /api/v1/solicitudes/ with tipo_servicio __proto__ is refused in Spanish', async () => {
    const response = await refused({
      method: 'POST',
      url: '/api/v1/solicitudes/',
      payload: requestBody({}, { tipo_servicio: '__proto__' }),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().detail).toEqual(expect.any(String));
  });
});

describe('defect 3: huge amounts', () => {
  it.each([
    ['precioTotal', 1e308],
    ['descuento', -1e308],
    ['pagoInicial', 1e308],
    ['precioTotal', '1000000000000'],
  ])('%s = %s on /api/v1/solicitudes is refused with 422', async (field, value) => {
    const response = await refused({
      method: 'POST',
      url: '/api/v1/solicitudes',
      payload: requestBody({ [field]: value }),
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().detail).toContainEqual(
      expect.objectContaining({ loc: ['body', 0, 'detalles', 0, field], msg: OUT_OF_RANGE }),
    );
  });

  it.each(['precioTotal', 'pagoInicial'])(
    '%s = 1e308 on /api/previsivos is refused with 422',
    async (field) => {
      const response = await refused({
        method: 'POST',
        url: '/api/previsivos',
        payload: [{ cliente_id: clienteId, plan_id: 1, cuotas: 2, [field]: 1e308 }],
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(JSON.stringify(response.json().detail)).toContain(OUT_OF_RANGE);
    },
  );
});

describe('defect 4: malformed multipart', () => {
  const MALFORMED = 'El formulario multipart está mal formado o incompleto.';
  const multipartRoutes = [
    '/api/v1/clientes/',
    '/api/clientes',
    '/api/clientes/V-1/upload-documento/',
    '/api/v1/autorizados',
    '/api/admin/upload-parcelas',
    '/api/admin/upload-columbarios',
    '/api/upload/inventario',
    '/api/reporte-pagos/guardar-pago',
    '/api/v1/cuotas/pago-cuota',
  ]
    .map((url) => ({ method: 'POST', url }))
    .concat({ method: 'PATCH', url: '/api/v1/previsivos/familiares/1/documento' });

  it.each([
    ['without a boundary', 'multipart/form-data', '--x\r\n'],
    [
      'truncated',
      'multipart/form-data; boundary=abc',
      '--abc\r\nContent-Disposition: form-data; name="nombre"\r\n\r\nAna',
    ],
  ])('%s is refused with 400 in Spanish on every multipart route', async (_name, contentType, body) => {
    for (const route of multipartRoutes) {
      const response = await refused({
        method: route.method as 'POST' | 'PATCH',
        url: route.url,
        payload: body,
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBe(400);
      expect(response.json()).toEqual({ detail: MALFORMED });
    }
  });
});

describe('defect 5: router errors', () => {
  it('a path that is not valid percent-encoding answers 400 in Spanish without echoing it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/usuarios/%ff',
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'La dirección solicitada no es válida.' });
  });

  it('a path parameter over 100 characters answers 414 in Spanish', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/clientes/${'9'.repeat(150)}`,
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ detail: 'La dirección solicitada es demasiado larga.' });
  });

  it('a malformed HTTP request over a real socket answers Spanish JSON', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const { connect } = await import('node:net');
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write('GET /health HTTP/1.1\r\nHost\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ detail: MSG.datosInvalidos });
  });
});

describe('defect 9: lenient numbers', () => {
  it.each(['0x10', '  16 ', true, '1e1'])(
    'POST /api/v1/admin/convertir-contrato refuses SolicitudId %j with 422',
    async (value) => {
      const response = await refused({
        method: 'POST',
        url: '/api/v1/admin/convertir-contrato',
        payload: { SolicitudId: value },
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().detail[0]).toMatchObject({
        loc: ['body', 'SolicitudId'],
        msg: 'Indique la solicitud.',
      });
    },
  );

  it.each(['0x10', '1e1', '99999999999'])('a path id %s is refused with 422', async (value) => {
    const response = await refused({ method: 'GET', url: `/api/v1/contratos/lista/${value}` });
    expect(response.statusCode, response.body).toBe(422);
  });

  it('a page number in hexadecimal is refused with 422', async () => {
    const response = await refused({ method: 'GET', url: '/parcelas?page=0x2' });
    expect(response.statusCode, response.body).toBe(422);
  });
});
