import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_MESSAGES, MSG, type CompanySettings } from '@camposanto/domain';
import { adminToken, bearer, userWithRole, type TestUser } from './helpers/auth';
import { auditSince, lastAuditId } from './helpers/fixtures';
import { filesUnder, imageBytes } from './helpers/multipart';
import { postMultipart } from './helpers/payment-fixtures';
import { realPng } from './helpers/pdf-text';
import { createTestApp, type TestApp } from './helpers/test-app';
import path from 'node:path';

// Issue 14 §1 Empresa: the letterhead on /administracion/configuracion, read and changed by administración
// (administrador, asistente) like the receiving accounts; audited; the logo is a PNG or JPEG of at most 2 MB.

const URL = '/api/v1/admin/empresa';
const LOGO_URL = `${URL}/logo`;

let t: TestApp;
let admin: string;
let asistente: TestUser;
let supervisor: TestUser;
let vendedor: TestUser;
let cliente: TestUser;

const VALID = {
  nombre: '  Camposanto Jardín de la Paz, C.A.  ',
  rif: 'j123456789',
  direccion: 'Av. Principal de La Guaira, Caracas',
  telefonos: '0212-5551234 / 0414-1234567',
  email: 'Oficina@JardinDeLaPaz.com.ve',
  clausulas: 'PRIMERA: …\n\nSEGUNDA: …',
  dias_recordatorio: 5,
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  [asistente, supervisor, vendedor, cliente] = await Promise.all([
    userWithRole(t.app, admin, 'asistente'),
    userWithRole(t.app, admin, 'supervisor'),
    userWithRole(t.app, admin, 'vendedor'),
    userWithRole(t.app, admin, 'cliente'),
  ]);
});
afterAll(() => t?.close());

const send = (method: 'GET' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const logosOnDisk = () => filesUnder(path.join(t.config.dataDir, 'uploads', 'logos'));
const uploadLogo = (token: string | undefined, content: Buffer, filename = 'logo.png', type = 'image/png') =>
  postMultipart(t.app, LOGO_URL, token, {}, [{ field: 'logo', filename, content, type }]);

describe('GET/PUT /api/v1/admin/empresa', () => {
  it('starts with the migration’s empty row (3 days of notice) and saves, normalised, what administración sends', async () => {
    const empty = await send('GET', URL, admin);
    expect(empty.statusCode).toBe(200);
    expect(empty.json<CompanySettings>()).toMatchObject({
      nombre: '',
      rif: '',
      dias_recordatorio: 3,
      logo: null,
    });

    const before = await lastAuditId(t.db);
    const saved = await send('PUT', URL, admin, VALID);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CompanySettings>()).toMatchObject({
      nombre: 'Camposanto Jardín de la Paz, C.A.',
      rif: 'J-12345678-9',
      email: 'oficina@jardindelapaz.com.ve',
      dias_recordatorio: 5,
      clausulas: 'PRIMERA: …\n\nSEGUNDA: …',
      logo: null,
    });
    const audits = await auditSince(t.db, before);
    expect(audits.map((row) => row.accion)).toEqual(['actualizar_empresa']);
    expect(audits[0]!.descripcion).toContain(
      'nombre, RIF, dirección, teléfonos, correo, cláusulas, días de aviso',
    );

    const asAsistente = await send('GET', URL, asistente.token);
    expect(asAsistente.json<CompanySettings>().nombre).toBe('Camposanto Jardín de la Paz, C.A.');
    expect(
      (await send('PUT', URL, asistente.token, { ...VALID, telefonos: '0212-0000000' })).statusCode,
    ).toBe(200);
  });

  it('refuses sellers, supervisors and clients (403) and anyone without a token (401)', async () => {
    for (const user of [supervisor, vendedor, cliente]) {
      expect((await send('GET', URL, user.token)).statusCode).toBe(403);
      expect((await send('PUT', URL, user.token, VALID)).statusCode).toBe(403);
      expect((await uploadLogo(user.token, realPng())).statusCode).toBe(403);
    }
    expect((await send('GET', URL)).statusCode).toBe(401);
    expect((await send('PUT', URL, undefined, VALID)).statusCode).toBe(401);
  });

  it('answers hostile or wrong values with a Spanish error and changes nothing', async () => {
    const before = (await send('GET', URL, admin)).json<CompanySettings>();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...VALID, nombre: '   ' }, MSG.campoRequerido],
      [{ ...VALID, rif: '12345' }, COMPANY_MESSAGES.rifEmpresaInvalido],
      [{ ...VALID, email: 'no-es-correo' }, MSG.emailInvalido],
      [{ ...VALID, dias_recordatorio: 61 }, COMPANY_MESSAGES.diasRecordatorioRango],
      [{ ...VALID, dias_recordatorio: -1 }, COMPANY_MESSAGES.diasRecordatorioRango],
      [{ ...VALID, dias_recordatorio: 2.5 }, MSG.numeroInvalido],
      [{ ...VALID, clausulas: 'x'.repeat(20_001) }, MSG.textoMuyLargo(20_000)],
    ];
    for (const [payload, message] of cases) {
      const response = await send('PUT', URL, admin, payload);
      expect([400, 422], response.body).toContain(response.statusCode);
      expect(response.body).toContain(message);
    }
    expect((await send('GET', URL, admin)).json<CompanySettings>()).toEqual(before);
  });
});

describe('the logo', () => {
  it('uploads a PNG, serves it back, replaces it (one file on disk) and deletes it; audited', async () => {
    const before = await lastAuditId(t.db);
    const png = realPng();
    const uploaded = await uploadLogo(admin, png);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const logo = uploaded.json<CompanySettings>().logo!;
    expect(logo).toMatchObject({ nombre: 'logo.png', tipo: 'image/png', tamano: png.length, url: LOGO_URL });
    expect(logosOnDisk()).toHaveLength(1);

    const download = await send('GET', LOGO_URL, asistente.token);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(download.rawPayload, png)).toBe(0);
    expect((await send('GET', LOGO_URL, vendedor.token)).statusCode).toBe(403);

    // A second upload replaces the first: one file on disk.
    expect((await uploadLogo(asistente.token, realPng(48, 32), 'nuevo.png')).statusCode).toBe(200);
    expect(logosOnDisk()).toHaveLength(1);
    expect((await send('GET', URL, admin)).json<CompanySettings>().logo!.nombre).toBe('nuevo.png');

    const deleted = await send('DELETE', LOGO_URL, admin);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<CompanySettings>().logo).toBeNull();
    expect(logosOnDisk()).toHaveLength(0);
    const missing = await send('GET', LOGO_URL, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(COMPANY_MESSAGES.sinLogo);
    expect((await send('DELETE', LOGO_URL, admin)).statusCode).toBe(404);

    const audits = await auditSince(t.db, before);
    expect(audits.map((row) => row.accion)).toEqual([
      'actualizar_logo_empresa',
      'actualizar_logo_empresa',
      'eliminar_logo_empresa',
    ]);
  });

  it('refuses what is not a readable PNG or JPEG, an empty form and a file over 2 MB, leaving no file', async () => {
    const text = await uploadLogo(admin, Buffer.from('no es una imagen\n'), 'logo.png');
    expect(text.statusCode).toBe(415);
    expect(text.json().detail).toBe(COMPANY_MESSAGES.logoTipoInvalido);
    const gif = await uploadLogo(
      admin,
      Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
      'logo.gif',
      'image/gif',
    );
    expect(gif.statusCode).toBe(415);
    // A PNG header over garbage: it has dimensions, but no PDF could draw it.
    const broken = await uploadLogo(admin, imageBytes('png', 600));
    expect(broken.statusCode).toBe(415);
    expect(broken.json().detail).toBe(MSG.imagenIlegible);
    const empty = await postMultipart(t.app, LOGO_URL, admin, { nada: '1' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe(COMPANY_MESSAGES.logoRequerido);
    const huge = await uploadLogo(admin, Buffer.concat([realPng(), Buffer.alloc(2 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    const other = await postMultipart(t.app, LOGO_URL, admin, {}, [
      { field: 'imagen', filename: 'x.png', content: realPng(), type: 'image/png' },
    ]);
    expect(other.statusCode).toBe(400);
    expect(logosOnDisk()).toHaveLength(0);
    expect((await send('GET', URL, admin)).json<CompanySettings>().logo).toBeNull();
  });
});
