// `npm run bench:pdf`: issue 14 §1 — how long a contract PDF with 6 instalments takes to build. Builds a fresh
// application on PGlite (or, with DATABASE_URL, a new PostgreSQL database of its own, dropped at the end), with the
// company's letterhead, logo and clauses, a financed contract of 6 instalments (2 paid) and 2 authorised persons,
// then times BENCH_PDF_RUNS (60) runs of each of:
//   - buildContractPdf (loading + rendering: what the route and the mail call),
//   - GET /api/v1/pdf/contrato/{id} through the app (sign-in check, ownership, headers), in process,
// and beside them two floors: the same data loading without rendering, and a blank pdfkit A4 page with one line.
// Target: buildContractPdf median under 150 ms.
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { asc, eq } from 'drizzle-orm';
import { centsToDecimal, toCents } from '@camposanto/domain';
import { autorizados, cuotas } from '../apps/api/src/db/schema';
import { addMonths } from '../apps/api/src/lib/business-time';
import { buildContractPdf } from '../apps/api/src/modules/pdf';
import { loadContractForPdf } from '../apps/api/src/modules/pdf/documents';
import { loadPdfKit } from '../apps/api/src/modules/pdf/render';
import { bearer } from '../apps/api/test/helpers/auth';
import {
  expectStatus,
  payCuota,
  paymentSetup,
  pngReceipt,
  postMultipart,
  reportPayment,
} from '../apps/api/test/helpers/payment-fixtures';
import { realPng } from '../apps/api/test/helpers/pdf-text';
import { convert, expectConverted, postRequest } from '../apps/api/test/helpers/sales-fixtures';
import { createTestApp } from '../apps/api/test/helpers/test-app';

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 60);
const TARGET_MS = 150;

const CLAUSES = Array.from(
  { length: 12 },
  (_, i) =>
    `${['PRIMERA', 'SEGUNDA', 'TERCERA', 'CUARTA', 'QUINTA', 'SEXTA', 'SÉPTIMA', 'OCTAVA', 'NOVENA', 'DÉCIMA', 'UNDÉCIMA', 'DUODÉCIMA'][i]}: ` +
    'El cliente se compromete a pagar las cuotas en las fechas indicadas en el plan de cuotas; la falta de pago de tres (3) cuotas consecutivas autoriza a la empresa a rescindir el contrato, conforme a la legislación venezolana vigente.',
).join('\n\n');

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};

async function time(label: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await run(); // warm-up: module loading, JIT, font metrics
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  const row = {
    label,
    median: quantile(samples, 0.5),
    p95: quantile(samples, 0.95),
    max: Math.max(...samples),
  };
  console.info(
    `${label.padEnd(44)} median ${row.median.toFixed(1).padStart(6)} ms   p95 ${row.p95.toFixed(1).padStart(6)} ms   max ${row.max.toFixed(1).padStart(6)} ms`,
  );
  return row;
}

async function main() {
  const t = await createTestApp();
  try {
    const setup = await paymentSetup(t, { rate: 40 });
    const { admin, seller, client, cremacion } = setup;
    expectStatus(
      await t.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/empresa',
        headers: bearer(admin),
        payload: {
          nombre: 'Camposanto Jardín de la Paz, C.A.',
          rif: 'J-12345678-9',
          direccion: 'Av. Principal de La Guaira, Edif. Señorial, piso 2, Caracas',
          telefonos: '0212-5551234 / 0414-1234567',
          email: 'oficina@jardindelapaz.com.ve',
          clausulas: CLAUSES,
          dias_recordatorio: 3,
        },
      }),
      200,
    );
    expectStatus(
      await postMultipart(t.app, '/api/v1/admin/empresa/logo', admin, {}, [
        { field: 'logo', filename: 'logo.png', content: realPng(240, 240), type: 'image/png' },
      ]),
      200,
    );
    // cuotas 6 gives 5 instalments (DESIGN §4.7); the fifth is split in two, so the schedule has 6 and the same sum.
    const request = await postRequest(t.app, seller.token, client.id, {
      plan: cremacion,
      modalidad: 'Financiado',
      metodo: 'USD',
      cuotas: 6,
      pagoInicial: 150,
    });
    expectStatus(
      await reportPayment(t.app, seller.token, { solicitud_id: request.id, metodoPago: 'USD' }, [
        pngReceipt('comprobante_usd'),
      ]),
      200,
    );
    expectConverted(await convert(t.app, admin, request.id));
    const schedule = await t.db
      .select()
      .from(cuotas)
      .where(eq(cuotas.solicitudId, request.id))
      .orderBy(asc(cuotas.numero));
    const last = schedule.at(-1)!;
    const half = Math.floor(toCents(last.monto) / 2);
    await t.db
      .update(cuotas)
      .set({ monto: centsToDecimal(half) })
      .where(eq(cuotas.id, last.id));
    await t.db.insert(cuotas).values({
      solicitudId: request.id,
      numero: last.numero + 1,
      monto: centsToDecimal(toCents(last.monto) - half),
      fechaVencimiento: addMonths(last.fechaVencimiento, 1),
    });
    for (const cuota of schedule.slice(0, 2))
      expectStatus(
        await payCuota(
          t.app,
          seller.token,
          { cuota_id: cuota.id, metodo_pago: 'USD', monto_usd: cuota.monto },
          [pngReceipt('comprobante_usd')],
        ),
        200,
      );
    await t.db.insert(autorizados).values([
      { solicitudId: request.id, nombre: 'María Peña Núñez', cedula: 'V-11222333', telefono: '04121112233' },
      { solicitudId: request.id, nombre: 'José Gómez Ávila', cedula: 'V-14555666', email: 'jose@correo.com' },
    ]);
    const count = (await t.db.select().from(cuotas).where(eq(cuotas.solicitudId, request.id))).length;
    const sample = await buildContractPdf({ db: t.db, storage: t.app.storage, contractId: request.id });
    // BENCH_PDF_OUT=/tmp/contrato.pdf keeps the sample, to look at it (pdftoppm -png -r 60).
    if (process.env.BENCH_PDF_OUT) writeFileSync(process.env.BENCH_PDF_OUT, sample.content);
    console.info(
      `PDF bench (${t.driver}): contract ${request.id} with ${count} instalments, ${sample.content.length} bytes, ${RUNS} runs each\n`,
    );

    const PDFDocument = await loadPdfKit();
    const blank = () =>
      new Promise<Buffer>((resolve) => {
        const doc = new PDFDocument({ size: 'A4' });
        const chunks: Buffer[] = [];
        doc.on('data', (chunk: Buffer) => chunks.push(chunk));
        doc.on('end', () => resolve(Buffer.concat(chunks)));
        doc.text('Camposanto');
        doc.end();
      });
    const results = [
      await time('floor: blank pdfkit page', blank),
      await time('floor: data loading only (no rendering)', () =>
        loadContractForPdf({ db: t.db, storage: t.app.storage, contractId: request.id }),
      ),
      await time('buildContractPdf (load + render)', () =>
        buildContractPdf({ db: t.db, storage: t.app.storage, contractId: request.id }),
      ),
      await time('GET /api/v1/pdf/contrato/{id} (in process)', async () =>
        expectStatus(
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/pdf/contrato/${request.id}`,
            headers: bearer(seller.token),
          }),
          200,
        ),
      ),
    ];
    const build = results[2]!;
    console.info(
      `\ntarget: buildContractPdf median < ${TARGET_MS} ms: ${build.median < TARGET_MS ? 'PASS' : 'FAIL'} (${build.median.toFixed(1)} ms)`,
    );
  } finally {
    await t.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
