import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { bearer, createFirstAdmin, createStaff, OTHER_SELLER, SELLER } from './api';

// Three plots: A01-02-01 with its 3 seats free, A01-02-02 with one, A01-02-03 full.
const PLOTS_CSV = [
  'codigo,disponible,reservadas,ocupadas,vendidas,puestos',
  'A01-02-01,3,0,0,0,3',
  'A01-02-02,1,0,2,0,3',
  'A01-02-03,0,0,3,0,3',
].join('\n');

/**
 * A PNG to upload (a map, an identity card, a receipt), drawn by the browser on a canvas of a page of its own. Not
 * a screenshot: Chromium sometimes refused to capture a page just opened on a loaded machine ('Unable to capture
 * screenshot'), failing a journey before it began.
 */
export async function pngOf(page: Page, text: string): Promise<Buffer> {
  const scratch = await page.context().newPage();
  try {
    const bytes = await scratch.evaluate(async (label) => {
      const canvas = new OffscreenCanvas(480, 300);
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#dfe9f3';
      context.fillRect(0, 0, 480, 300);
      context.strokeStyle = '#0A4575';
      context.lineWidth = 12;
      context.strokeRect(0, 0, 480, 300);
      context.fillStyle = '#0A4575';
      context.font = '32px sans-serif';
      context.textAlign = 'center';
      context.textBaseline = 'middle';
      context.fillText(label, 240, 150);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    }, text);
    return Buffer.from(bytes);
  } finally {
    await scratch.close();
  }
}

/**
 * The data every sales journey starts from, set up through the API: the first administrator, two sellers,
 * the plot inventory (CSV) and the plot map. The catalogue of plans is seeded by the server itself.
 */
export async function setUpSales(request: APIRequestContext, page: Page) {
  const admin = await createFirstAdmin(request);
  for (const seller of [SELLER, OTHER_SELLER]) await createStaff(request, admin, seller, 'vendedor');
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
