import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { SearchResponse } from '@camposanto/domain';
import { rowsOf } from '../src/db/rows';
import { clientes, nichosColumbario, parcelas, solicitudes } from '../src/db/schema';
import { foldForSearch } from '../src/db/schema/search-text';
import { bearer, unique, userWithRole, type TestUser } from './helpers/auth';
import { daysFromNow, insertSolicitud } from './helpers/fixtures';
import { salesTeam } from './helpers/sales-team';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 15: the search tables of migration 0010 (busqueda_clientes, _solicitudes, _parcelas, _nichos) are kept by
// triggers on every insert, update and delete of what they mirror; the search reads only them
// (docs/decisions/028). Each test changes a row the way the application would and asks GET /api/v1/buscar.

let t: TestApp;
let admin: string;
let seller: TestUser;
let otherSeller: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, seller, otherSeller } = await salesTeam(t.app));
});
afterAll(() => t.close());

async function search(token: string, q: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/buscar?${new URLSearchParams({ q })}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchResponse>();
}

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

/** A word no other test uses, so each test reads only its own rows. */
const word = () => `Kw${unique()}j`;

async function client(vendedorId: number, nombre: string) {
  const [row] = await t.db
    .insert(clientes)
    .values({ vendedorId, nombre, cedula: `V-${50_000_000 + unique()}` })
    .returning();
  return row!;
}

/** The physical place of a search row: the same after a statement means the statement did not write it. */
async function placeOf(table: string, id: number) {
  const result = await t.db.execute(sql`select ctid::text as ctid from ${sql.raw(table)} where id = ${id}`);
  return rowsOf<{ ctid: string }>(result)[0]?.ctid;
}

describe('search tables kept by triggers', () => {
  it('follows a client inserted, renamed, given to another seller and deleted', async () => {
    const before = word();
    const after = word();
    const owner = await client(seller.id, `Ana ${before}`);
    expect(ids((await search(admin, before)).clientes)).toEqual([owner.id]);

    await t.db
      .update(clientes)
      .set({ nombre: `Ana ${after}`, telefono: '02125550199' })
      .where(eq(clientes.id, owner.id));
    expect((await search(admin, before)).clientes).toEqual([]);
    const [found] = (await search(admin, after)).clientes;
    expect(found).toEqual({
      id: owner.id,
      nombre: `Ana ${after}`,
      cedula: owner.cedula,
      telefono: '02125550199',
      celular: null,
    });
    expect(ids((await search(admin, '2125550199')).clientes)).toEqual([owner.id]);

    expect(ids((await search(seller.token, after)).clientes)).toEqual([owner.id]);
    await t.db.update(clientes).set({ vendedorId: otherSeller.id }).where(eq(clientes.id, owner.id));
    expect((await search(seller.token, after)).clientes).toEqual([]);
    expect(ids((await search(otherSeller.token, after)).clientes)).toEqual([owner.id]);

    await t.db.delete(clientes).where(eq(clientes.id, owner.id));
    expect((await search(admin, after)).clientes).toEqual([]);
  });

  it('follows several clients changed by one statement', async () => {
    const tag = word();
    const first = await client(otherSeller.id, `Luis ${tag} Uno`);
    const second = await client(otherSeller.id, `Luis ${tag} Dos`);
    await t.db
      .update(clientes)
      .set({ nombre: sql`replace(${clientes.nombre}, 'Luis', 'Lucía')` })
      .where(inArray(clientes.id, [first.id, second.id]));
    expect(ids((await search(admin, `lucia ${tag}`)).clientes).sort()).toEqual([first.id, second.id].sort());
    expect((await search(admin, `luis ${tag}`)).clientes).toEqual([]);
  });

  it('follows a request renumbered, converted to a contract and its contract renumbered', async () => {
    const owner = await client(seller.id, `Pedro ${word()}`);
    const n = unique();
    const request = await insertSolicitud(t.db, {
      clienteId: owner.id,
      vendedorId: seller.id,
      fechaVencimiento: daysFromNow(5),
      numeroSolicitud: `KS${600_000 + n}`,
    });
    await t.db
      .update(solicitudes)
      .set({ numeroSolicitud: `KT${600_000 + n}` })
      .where(eq(solicitudes.id, request.id));
    expect((await search(admin, `KS${600_000 + n}`)).solicitudes).toEqual([]);
    expect(ids((await search(admin, `KT${600_000 + n}`)).solicitudes)).toEqual([request.id]);

    await t.db
      .update(solicitudes)
      .set({ estado: 'contrato', numeroContrato: `KC-${600_000 + n}`, fechaConversion: new Date() })
      .where(eq(solicitudes.id, request.id));
    const converted = await search(admin, `KC-${600_000 + n}`);
    expect(converted.solicitudes).toEqual([]);
    expect(converted.contratos).toMatchObject([
      {
        id: request.id,
        numero_contrato: `KC-${600_000 + n}`,
        estado: 'contrato',
        cliente_nombre: owner.nombre,
      },
    ]);

    await t.db
      .update(solicitudes)
      .set({ numeroContrato: `KD-${600_000 + n}` })
      .where(eq(solicitudes.id, request.id));
    expect((await search(admin, `KC-${600_000 + n}`)).contratos).toEqual([]);
    expect(ids((await search(admin, `kd-${600_000 + n}`)).contratos)).toEqual([request.id]);

    await t.db.delete(solicitudes).where(eq(solicitudes.id, request.id));
    expect((await search(admin, `KD-${600_000 + n}`)).contratos).toEqual([]);
  });

  it('follows a plot and a niche recoded, and writes nothing when what changed is not searched', async () => {
    const n = unique();
    const [plot] = await t.db
      .insert(parcelas)
      .values({ codigo: `K${n}-01-01` })
      .returning();
    const [niche] = await t.db
      .insert(nichosColumbario)
      .values({ codigo: `COL-K${n}-A1` })
      .returning();

    const plotPlace = await placeOf('busqueda_parcelas', plot!.id);
    await t.db.update(parcelas).set({ disponible: 2, reservadas: 1 }).where(eq(parcelas.id, plot!.id));
    expect(await placeOf('busqueda_parcelas', plot!.id)).toBe(plotPlace);
    expect((await search(admin, `K${n}-01-01`)).parcelas).toEqual([
      { id: plot!.id, codigo: `K${n}-01-01`, puestos: 3, disponible: 2 },
    ]);

    await t.db
      .update(parcelas)
      .set({ codigo: `K${n}-02-01` })
      .where(eq(parcelas.id, plot!.id));
    await t.db
      .update(nichosColumbario)
      .set({ codigo: `COL-K${n}-B1` })
      .where(eq(nichosColumbario.id, niche!.id));
    const recoded = await search(admin, `k${n}-0`);
    expect(recoded.parcelas.map((row) => row.codigo)).toEqual([`K${n}-02-01`]);
    expect((await search(admin, `COL-K${n}-A1`)).nichos).toEqual([]);
    expect(ids((await search(admin, `COL-K${n}-B1`)).nichos)).toEqual([niche!.id]);

    await t.db.delete(nichosColumbario).where(eq(nichosColumbario.id, niche!.id));
    expect((await search(admin, `COL-K${n}-B1`)).nichos).toEqual([]);
  });

  it('holds, after all the changes above, exactly what a fresh backfill would', async () => {
    // The word prefixes of migration 0021 as its backfill writes them, from the search tables.
    const differences = await t.db.execute(sql`
      with busqueda_prefijos_frescos as (
        select x.* from busqueda_clientes b, lateral busqueda_prefijos_de(b) x
        union all select x.* from busqueda_solicitudes b, lateral busqueda_prefijos_de(b) x
        union all select x.* from busqueda_parcelas b, lateral busqueda_prefijos_de(b) x
        union all select x.* from busqueda_nichos b, lateral busqueda_prefijos_de(b) x
      )
      select (select count(*) from (
          (select b.* from clientes x, lateral busqueda_de_cliente(x) b except select * from busqueda_clientes)
          union all (select * from busqueda_clientes except select b.* from clientes x, lateral busqueda_de_cliente(x) b)
        ) d)::int as clientes,
        (select count(*) from (
          (select b.* from solicitudes x, lateral busqueda_de_solicitud(x) b except select * from busqueda_solicitudes)
          union all (select * from busqueda_solicitudes except select b.* from solicitudes x, lateral busqueda_de_solicitud(x) b)
        ) d)::int as solicitudes,
        (select count(*) from (
          (select b.* from parcelas x, lateral busqueda_de_parcela(x) b except select * from busqueda_parcelas)
          union all (select * from busqueda_parcelas except select b.* from parcelas x, lateral busqueda_de_parcela(x) b)
        ) d)::int as parcelas,
        (select count(*) from (
          (select b.* from nichos_columbario x, lateral busqueda_de_nicho(x) b except select * from busqueda_nichos)
          union all (select * from busqueda_nichos except select b.* from nichos_columbario x, lateral busqueda_de_nicho(x) b)
        ) d)::int as nichos,
        (select count(*) from (
          (select x.* from busqueda_prefijos_frescos x except select * from busqueda_prefijos)
          union all (select * from busqueda_prefijos except select x.* from busqueda_prefijos_frescos x)
        ) d)::int as prefijos`);
    expect(rowsOf(differences)).toEqual([
      { clientes: 0, solicitudes: 0, parcelas: 0, nichos: 0, prefijos: 0 },
    ]);
  });
});

describe('two-character texts', () => {
  it('find the start of any word of a client, a plot and a niche, the whole field first, and nothing inside a word', async () => {
    const tail = word();
    const exact = await client(otherSeller.id, 'Ñu');
    const second = await client(otherSeller.id, `Rosa Ñuñez ${tail}`);
    const inside = await client(otherSeller.id, `Rosa Añu ${tail}`);
    const found = ids((await search(admin, 'ñu')).clientes);
    expect(found[0]).toBe(exact.id);
    expect(found).toContain(second.id);
    expect(found).not.toContain(inside.id);

    const [plot] = await t.db
      .insert(parcelas)
      .values({ codigo: `Ç${unique()}-01` })
      .returning();
    const [niche] = await t.db
      .insert(nichosColumbario)
      .values({ codigo: `X ÇZ${unique()}` })
      .returning();
    const byCode = await search(admin, 'çz');
    expect(ids(byCode.nichos)).toContain(niche!.id);
    expect(ids(byCode.parcelas)).not.toContain(plot!.id);
    expect(ids((await search(admin, plot!.codigo.slice(0, 2))).parcelas)).toContain(plot!.id);
  });
});

describe('two letters, through the word prefixes (decision 055)', () => {
  it('find exactly the clients with a word starting with them, over generated names and texts', async () => {
    const owner = await userWithRole(t.app, admin, 'vendedor');
    // Accents and cases folded alike, LIKE's wildcards and escape, digits and signs that are no letter.
    const letter = fc.constantFrom('a', 'á', 'Á', 'ñ', 'Ñ', 'r', 'R', 'o', '%', '_', '\\', '1', '-', '.');
    const name = fc
      .array(fc.array(letter, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 })
      .map((words) => words.map((chars) => chars.join('')).join(' '));
    const wordsOf = (text: string) => foldForSearch(text).split(' ');
    await fc.assert(
      fc.asyncProperty(
        fc.array(name, { minLength: 1, maxLength: 8 }),
        fc.array(fc.tuple(letter, letter), { minLength: 1, maxLength: 4 }),
        async (names, texts) => {
          await t.db.delete(clientes).where(eq(clientes.vendedorId, owner.id));
          const made = await t.db
            .insert(clientes)
            .values(
              names.map((nombre) => ({ vendedorId: owner.id, nombre, cedula: `V-${60_000_000 + unique()}` })),
            )
            .returning();
          for (const [first, second] of texts) {
            const q = first + second;
            const folded = foldForSearch(q);
            // A text with no letter or digit asks nothing (searchEverything).
            const expected = /[\p{L}\p{N}]/u.test(folded)
              ? made
                  .filter((row) => wordsOf(row.nombre).some((w) => w.startsWith(folded)))
                  .map((row) => row.id)
              : [];
            const found = ids((await search(owner.token, q)).clientes);
            expect(
              found.sort((a, b) => a - b),
              `${JSON.stringify(q)} in ${JSON.stringify(names)}`,
            ).toEqual(expected.sort((a, b) => a - b));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
