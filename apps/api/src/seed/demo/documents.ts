import { asc, eq, isNull } from 'drizzle-orm';
import { clientes, familiares } from '../../db/schema';
import type { SessionUser } from '../../lib/actor';
import type { UploadedFile } from '../../lib/multipart';
import { addAuthorized } from '../../modules/documentos/authorized-persons-service';
import { uploadClientDocument, uploadRelativeDocument } from '../../modules/documentos/service';
import { demoUpload, discard, happenedAt, officeTimeAfter, type DemoContext } from './context';
import { identityCardPng, textPdf } from './images';

/** An office-hours instant up to `maxDays` days after `after`, if the story has reached that day. */
function someDaysAfter(ctx: DemoContext, after: Date, maxDays: number): Date | undefined {
  const days = ctx.random.int(0, maxDays);
  if (after.getTime() + days * 24 * 3_600_000 > ctx.now.getTime()) return undefined;
  return officeTimeAfter(ctx, after, days, days);
}

/** SPEC §2 Autorizados: about a third of the contracts name one or two persons, some with their identity card. */
export async function addAuthorizedPersons(
  ctx: DemoContext,
  { seller, contractId, after }: { seller: SessionUser; contractId: number; after: Date },
) {
  if (!ctx.random.chance(0.33)) return;
  const instant = someDaysAfter(ctx, after, 20);
  if (!instant) return;
  const persons = Array.from({ length: ctx.random.int(1, 2) }, () =>
    ctx.people.person({ bornFrom: 1950, bornTo: 2004 }),
  );
  const files: UploadedFile[] = [];
  for (const [index, person] of persons.entries()) {
    if (ctx.random.chance(0.5)) {
      files.push(
        await demoUpload(
          ctx,
          `documento_identidad_${index}`,
          `cedula-${person.cedula}.png`,
          identityCardPng(index + contractId),
        ),
      );
    }
  }
  try {
    await happenedAt(ctx, instant, () =>
      addAuthorized({
        db: ctx.db,
        storage: ctx.storage,
        actor: seller,
        contractId,
        personsJson: JSON.stringify(persons),
        files,
      }),
    );
  } finally {
    await discard(files);
  }
}

/** SPEC §2 Subir documento familiar: most relatives of a pre-need contract get their identity card uploaded. */
export async function uploadRelativeDocuments(
  ctx: DemoContext,
  { seller, contractId, after }: { seller: SessionUser; contractId: number; after: Date },
) {
  const relatives = await ctx.db
    .select({ id: familiares.id, cedula: familiares.cedula })
    .from(familiares)
    .where(eq(familiares.solicitudId, contractId))
    .orderBy(asc(familiares.id));
  for (const relative of relatives) {
    const instant = someDaysAfter(ctx, after, 30);
    if (!instant || !ctx.random.chance(0.65)) continue;
    const file = await demoUpload(
      ctx,
      'documento_identidad',
      `cedula-${relative.cedula}.png`,
      identityCardPng(relative.id),
    );
    try {
      await happenedAt(ctx, instant, () =>
        uploadRelativeDocument({
          db: ctx.db,
          storage: ctx.storage,
          actor: seller,
          relativeId: relative.id,
          file,
          nombreDocumento: 'Cédula de identidad',
        }),
      );
    } finally {
      await discard([file]);
    }
  }
}

/**
 * SPEC §2 Subir documento: some clients who came without their identity card bring it later as a scanned PDF;
 * the others still show 'No subido'.
 */
export async function uploadLateClientDocuments(ctx: DemoContext): Promise<number> {
  const waiting = await ctx.db
    .select({ cedula: clientes.cedula, vendedorId: clientes.vendedorId, createdAt: clientes.createdAt })
    .from(clientes)
    .where(isNull(clientes.documentoId))
    .orderBy(asc(clientes.id));
  let uploaded = 0;
  for (const client of waiting) {
    const seller = ctx.staff.sellers.find((user) => user.id === client.vendedorId);
    const instant = someDaysAfter(ctx, client.createdAt, 10);
    if (!seller || !instant || !ctx.random.chance(0.45)) continue;
    const file = await demoUpload(
      ctx,
      'documento_identidad',
      `cedula-${client.cedula}.pdf`,
      textPdf([
        'Republica Bolivariana de Venezuela',
        `Cedula de identidad ${client.cedula}`,
        'Copia escaneada',
      ]),
    );
    try {
      await happenedAt(ctx, instant, () =>
        uploadClientDocument({
          db: ctx.db,
          storage: ctx.storage,
          actor: seller,
          cedula: client.cedula,
          file,
          nombreDocumento: 'Cédula de identidad (PDF)',
        }),
      );
      uploaded += 1;
    } finally {
      await discard([file]);
    }
  }
  return uploaded;
}
