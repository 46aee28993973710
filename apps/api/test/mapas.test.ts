import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Rol } from '@camposanto/domain';
import { archivos, mapas } from '../src/db/schema';
import { adminToken, bearer, usersOfEveryRole, type TestUser } from './helpers/auth';
import { auditSince, countAudit, lastAuditId } from './helpers/fixtures';
import { filesUnder, imageBytes, multipartBody, type FilePart, type TextPart } from './helpers/multipart';
import { createTestApp, type TestApp } from './helpers/test-app';

// Map images (SPEC §2 screens 11–12, §5 uploads, §7 POST /api/upload/inventario and the uploads/mapas path;
// DESIGN §5 Uploads: type by content, size limited, generated names, a failed request leaves no file and no row).

const IMAGE_REQUIRED = 'Debes subir al menos una imagen antes de enviar.';
const IMAGE_INVALID = 'Por favor, selecciona un archivo de imagen válido.';
const MB = 1024 * 1024;

let t: TestApp;
let admin: string;
let users: Record<Rol, TestUser>;
let uploadsDir: string;

beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_MAX_MB: '1' } });
  admin = await adminToken(t.app);
  users = await usersOfEveryRole(t.app, admin);
  uploadsDir = path.join(t.config.dataDir, 'uploads');
});
afterAll(() => t.close());

const image = (field: string, content = imageBytes('png'), filename = `${field}.png`): FilePart => ({
  field,
  filename,
  content,
  type: 'image/png',
});

async function uploadMaps(app: TestApp['app'], parts: (FilePart | TextPart)[], token: string | null) {
  const { payload, headers } = await multipartBody(parts);
  return app.inject({
    method: 'POST',
    url: '/api/upload/inventario',
    payload,
    headers: { ...headers, ...(token ? bearer(token) : {}) },
  });
}
const upload = (parts: (FilePart | TextPart)[], token: string | null = admin) =>
  uploadMaps(t.app, parts, token);
const getMap = (key: string, token: string | null = users.vendedor.token) =>
  t.app.inject({ method: 'GET', url: `/uploads/mapas/${key}`, headers: token ? bearer(token) : {} });

/** Everything an upload can change: files on disk, file and map rows, the audit log. */
async function state() {
  return {
    files: filesUnder(uploadsDir),
    archivos: await t.db.select().from(archivos).orderBy(asc(archivos.id)),
    mapas: await t.db.select().from(mapas).orderBy(asc(mapas.clave)),
    audits: await countAudit(t.db),
  };
}

describe('refused uploads leave no file and no row', () => {
  it.each([
    ['no part at all', [{ field: 'nota', value: 'sin imagen' }]],
    ['a text field named like a map', [{ field: 'parcela', value: 'mapa.png' }]],
    ['an empty file', [image('parcela', Buffer.alloc(0))]],
  ])('answers 400 to %s', async (_case, parts) => {
    const before = await state();
    const response = await upload(parts);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: IMAGE_REQUIRED });
    expect(await state()).toEqual(before);
  });

  it('answers 400 to an image in a field the form does not have, before reading it (issue 11 #7)', async () => {
    const before = await state();
    const response = await upload([image('foto')]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'El formulario no admite archivos en el campo «foto».' });
    expect(await state()).toEqual(before);
  });

  it.each([
    ['a CSV renamed .png', [image('parcela', Buffer.from('codigo,disponible\nA01-01-01,3\n'))]],
    ['a PDF renamed .png', [image('columbario_lado2', Buffer.from('%PDF-1.7\n'))]],
    [
      'a good image next to a CSV',
      [image('parcela'), image('columbario_lado1', Buffer.from('codigo;disponible\n'), 'lado1.png')],
    ],
  ])('answers 415 to %s', async (_case, parts) => {
    const before = await state();
    const response = await upload(parts);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: IMAGE_INVALID });
    expect(await state()).toEqual(before);
  });

  it.each([
    ['an image over UPLOAD_MAX_MB', [image('parcela', imageBytes('png', 1.5 * MB))]],
    [
      'a good image next to one over the limit',
      [image('columbario_lado1'), image('columbario_lado2', imageBytes('jpeg', 1.5 * MB))],
    ],
  ])('answers 413 to %s', async (_case, parts) => {
    const before = await state();
    const response = await upload(parts);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'El archivo supera el tamaño máximo permitido (1 MB).' });
    expect(await state()).toEqual(before);
  });
});

describe('POST /api/upload/inventario', () => {
  const planBytes = imageBytes('png', 0.9 * MB);

  it('stores the plot map under a generated name, with its row and an audit entry', async () => {
    const since = await lastAuditId(t.db);
    const response = await upload([image('parcela', planBytes, '../../etc/mapa de parcelas.png')]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ mensaje: 'Imágenes actualizadas exitosamente.', claves: ['parcela'] });
    const { files, archivos: rows, mapas: maps } = await state();
    expect(files).toEqual([expect.stringMatching(/^mapas\/[0-9a-f-]{36}\.png$/)]);
    expect(rows).toEqual([
      expect.objectContaining({
        categoria: 'mapa',
        rutaAlmacenada: files[0],
        nombreOriginal: 'mapa de parcelas.png',
        tipoMime: 'image/png',
        tamano: planBytes.length,
        subidoPor: expect.any(Number),
      }),
    ]);
    expect(maps).toEqual([expect.objectContaining({ clave: 'parcela', archivoId: rows[0]!.id })]);
    expect(await auditSince(t.db, since)).toEqual([
      expect.objectContaining({
        accion: 'actualizar_mapas',
        descripcion: 'Imágenes actualizadas: mapa de parcelas',
      }),
    ]);
  });

  it('serves the map with its content type to any signed-in user, and 401 without a token', async () => {
    for (const rol of ['vendedor', 'supervisor', 'cliente', 'administrador'] as const) {
      const response = await getMap('parcela', users[rol].token);
      expect(response.statusCode, rol).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.rawPayload.equals(planBytes)).toBe(true);
    }
    expect((await getMap('parcela.png')).rawPayload.equals(planBytes)).toBe(true);
    const anonymous = await getMap('parcela', null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.rawPayload.equals(planBytes)).toBe(false);
  });

  it('answers 404 for a map not uploaded yet', async () => {
    const response = await getMap('columbario_lado4');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'No se encontró la imagen solicitada.' });
  });

  it('keeps the current map when a later upload is refused', async () => {
    const before = await state();
    expect((await upload([image('parcela', Buffer.from('no soy una imagen'))])).statusCode).toBe(415);
    expect((await upload([image('parcela', imageBytes('png', 1.5 * MB))])).statusCode).toBe(413);
    expect(await state()).toEqual(before);
    expect((await getMap('parcela')).rawPayload.equals(planBytes)).toBe(true);
  });

  it('replaces a map and removes the old file and its row (no orphan)', async () => {
    const before = await state();
    const replacement = imageBytes('jpeg', 2048);
    const response = await upload([
      { field: 'parcela', filename: 'nuevo.jpg', content: replacement, type: 'image/jpeg' },
    ]);
    expect(response.statusCode).toBe(200);
    const after = await state();
    expect(after.files).toEqual([expect.stringMatching(/^mapas\/[0-9a-f-]{36}\.jpg$/)]);
    expect(existsSync(path.join(uploadsDir, before.files[0]!))).toBe(false);
    expect(after.archivos).toEqual([
      expect.objectContaining({ rutaAlmacenada: after.files[0], tipoMime: 'image/jpeg' }),
    ]);
    expect(after.mapas).toEqual([
      expect.objectContaining({ clave: 'parcela', archivoId: after.archivos[0]!.id }),
    ]);
    const served = await getMap('parcela');
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(replacement)).toBe(true);
  });

  it('takes the four columbarium sides in one request', async () => {
    const since = await lastAuditId(t.db);
    const sides = [1, 2, 3, 4].map((side) => `columbario_lado${side}`);
    const response = await upload(sides.map((side) => image(side, imageBytes('png', 300 + side.length))));
    expect(response.json()).toEqual({ mensaje: 'Imágenes actualizadas exitosamente.', claves: sides });
    const { files, archivos: rows, mapas: maps } = await state();
    expect(files).toHaveLength(5);
    expect(rows).toHaveLength(5);
    expect(maps.map((map) => map.clave)).toEqual([...sides, 'parcela']);
    for (const side of sides) expect((await getMap(side)).headers['content-type']).toBe('image/png');
    expect((await auditSince(t.db, since))[0]?.descripcion).toBe(
      'Imágenes actualizadas: columbario lado 1, columbario lado 2, columbario lado 3, columbario lado 4',
    );
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/mapas',
      headers: bearer(users.vendedor.token),
    });
    expect(
      listed
        .json<{ clave: string }[]>()
        .map((map) => map.clave)
        .sort(),
    ).toEqual([...sides, 'parcela'].sort());
  });

  it('replacing one side of several leaves the others and no orphan file', async () => {
    const before = await state();
    expect((await upload([image('columbario_lado3')])).statusCode).toBe(200);
    const after = await state();
    expect(after.files).toHaveLength(before.files.length);
    expect(after.archivos.map((row) => row.rutaAlmacenada).sort()).toEqual(after.files);
  });

  it('keeps only the last image when a form repeats a field, leaving no orphan', async () => {
    const last = imageBytes('png', 4096);
    const response = await upload([image('parcela', imageBytes('png', 1024)), image('parcela', last)]);
    expect(response.statusCode).toBe(200);
    const after = await state();
    expect(after.files).toHaveLength(after.mapas.length);
    expect(after.archivos.map((row) => row.rutaAlmacenada).sort()).toEqual(after.files);
    expect((await getMap('parcela')).rawPayload.equals(last)).toBe(true);
  });

  it('leaves no orphan when two administrators replace the same map at once', async () => {
    const responses = await Promise.all(
      [1, 2, 3].map((n) => upload([image('parcela', imageBytes('png', 1000 + n))])),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const after = await state();
    expect(after.files).toHaveLength(after.mapas.length);
    expect(after.archivos.map((row) => row.rutaAlmacenada).sort()).toEqual(after.files);
  });
});

describe('who may upload maps', () => {
  it('gives supervisor, vendedor and cliente 403 and no token 401, writing nothing', async () => {
    const before = await state();
    for (const rol of ['supervisor', 'vendedor', 'cliente'] as const) {
      const response = await upload([image('parcela')], users[rol].token);
      expect(response.statusCode, rol).toBe(403);
      expect(response.json()).toEqual({ detail: MSG.sinPermiso });
    }
    expect((await upload([image('parcela')], null)).statusCode).toBe(401);
    expect(await state()).toEqual(before);
  });

  it('lets an asistente upload', async () => {
    expect((await upload([image('columbario_lado2')], users.asistente.token)).statusCode).toBe(200);
  });
});

describe('with the default size limit (10 MB)', () => {
  let defaults: TestApp;
  let token: string;
  beforeAll(async () => {
    defaults = await createTestApp();
    token = await adminToken(defaults.app);
  });
  afterAll(() => defaults.close());

  it('accepts a 1.5 MB image (above the 1 MB limit of JSON bodies)', async () => {
    const big = imageBytes('png', 1.5 * MB);
    const response = await uploadMaps(defaults.app, [image('parcela', big)], token);
    expect(response.statusCode).toBe(200);
    const served = await defaults.app.inject({
      method: 'GET',
      url: '/uploads/mapas/parcela',
      headers: bearer(token),
    });
    expect(served.rawPayload.equals(big)).toBe(true);
  });

  it('answers 404, not a 500 with an internal message, when the file of a map is gone from disk', async () => {
    const folder = path.join(defaults.config.dataDir, 'uploads');
    for (const file of filesUnder(folder)) rmSync(path.join(folder, file));
    const response = await defaults.app.inject({
      method: 'GET',
      url: '/uploads/mapas/parcela',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'No se encontró la imagen solicitada.' });
  });
});
