import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const ADMIN = { name: 'Ana Pérez', email: 'ana@camposanto.test', password: 'Clave-segura-1' };
export const SELLER = { name: 'Valeria Vendedora', email: 'valeria@camposanto.test', cedula: 'V-22222222' };
export const OTHER_SELLER = { name: 'Omar Otro', email: 'omar@camposanto.test', cedula: 'V-33333333' };
export const PASSWORD = 'Clave-segura-2';

// Three plots: A01-02-01 with its 3 seats free, A01-02-02 with one, A01-02-03 full.
const PLOTS_CSV = [
  'codigo,disponible,reservadas,ocupadas,vendidas,puestos',
  'A01-02-01,3,0,0,0,3',
  'A01-02-02,1,0,2,0,3',
  'A01-02-03,0,0,3,0,3',
].join('\n');

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function apiLogin(request: APIRequestContext, username: string, password: string) {
  const response = await request.post('/api/v1/login', { form: { username, password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A PNG to upload, drawn by the browser itself (a map or an identity card). */
export async function pngOf(page: Page, text: string): Promise<Buffer> {
  const scratch = await page.context().newPage();
  await scratch.setViewportSize({ width: 480, height: 300 });
  await scratch.setContent(
    `<body style="margin:0"><div style="display:grid;place-items:center;width:480px;height:300px;background:#dfe9f3;
      font:32px sans-serif;color:#0A4575;border:6px solid #0A4575;box-sizing:border-box">${text}</div></body>`,
  );
  const png = await scratch.screenshot();
  await scratch.close();
  return png;
}

/**
 * The data every sales journey starts from, set up through the API: the first administrator, two sellers,
 * the plot inventory (CSV) and the plot map. The catalogue of plans is seeded by the server itself.
 */
export async function setUpSales(request: APIRequestContext, page: Page) {
  const created = await request.post('/api/v1/crear-admin', {
    data: { username: ADMIN.name, email: ADMIN.email, password: ADMIN.password, rol: 'administrador' },
  });
  expect(created.ok()).toBe(true);
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  for (const seller of [SELLER, OTHER_SELLER]) {
    const response = await request.post('/api/v1/usuarios/', {
      headers: bearer(admin),
      data: {
        username: seller.name,
        email: seller.email,
        rol: 'vendedor',
        password: PASSWORD,
        cedula: seller.cedula,
        direccion: 'Av. Bolívar, Caracas',
        telefono: '4121234567',
      },
    });
    expect(response.ok()).toBe(true);
  }
  const plots = await request.post('/api/admin/upload-parcelas', {
    headers: bearer(admin),
    multipart: { file: { name: 'parcelas.csv', mimeType: 'text/csv', buffer: Buffer.from(PLOTS_CSV) } },
  });
  expect(plots.ok()).toBe(true);
  const map = await request.post('/api/upload/inventario', {
    headers: bearer(admin),
    multipart: {
      parcela: { name: 'mapa.png', mimeType: 'image/png', buffer: await pngOf(page, 'Mapa de Parcelas') },
    },
  });
  expect(map.ok()).toBe(true);
  return { admin };
}

/** A client registered by a seller through the API (SPEC §7 POST /api/v1/clientes/, multipart). */
export async function createClientAs(
  request: APIRequestContext,
  token: string,
  client: { nombre: string; cedula: string },
) {
  const response = await request.post('/api/v1/clientes/', {
    headers: bearer(token),
    multipart: {
      ...client,
      fecha_nacimiento: '1975-08-20',
      telefono: '2125551234',
      celular: '04141234567',
      email: 'cliente.registrado@correo.test',
      direccion: 'Calle Real de Sabana Grande, Caracas',
    },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { id: number };
}

// Two columbarium niches: C1-A-01 free for the single-urn plan, C1-A-02 occupied.
const NICHES_CSV = [
  'codigo,capilla,lado,fila,columna,cantidad_nichos,plan,descripcion,estado',
  'C1-A-01,Capilla San José,Izquierdo Externo,1,01,1,Nicho de Columbario Sencillo (1 urna),Nicho junto al jardín,disponible',
  'C1-A-02,Capilla San José,Izquierdo Externo,1,02,1,Nicho de Columbario Sencillo (1 urna),Nicho de la esquina,ocupado',
].join('\n');

const SIDES = ['Izquierdo Externo', 'Izquierdo Interno', 'Derecho Interno', 'Derecho Externo'];

/** The columbarium niches (CSV) and the four map images of its sides, through the API. */
export async function setUpColumbarium(request: APIRequestContext, page: Page, admin: string) {
  const niches = await request.post('/api/admin/upload-columbarios', {
    headers: bearer(admin),
    multipart: { file: { name: 'nichos.csv', mimeType: 'text/csv', buffer: Buffer.from(NICHES_CSV) } },
  });
  expect(niches.ok()).toBe(true);
  const multipart: Record<string, { name: string; mimeType: string; buffer: Buffer }> = {};
  for (const [index, side] of SIDES.entries()) {
    multipart[`columbario_lado${index + 1}`] = {
      name: `lado${index + 1}.png`,
      mimeType: 'image/png',
      buffer: await pngOf(page, `Columbario ${side}`),
    };
  }
  const maps = await request.post('/api/upload/inventario', { headers: bearer(admin), multipart });
  expect(maps.ok()).toBe(true);
}
