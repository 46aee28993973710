// The server's PGlite in a thread of its own (pglite-thread.ts opens it; decision 051). It answers the main
// thread's messages: a statement or a script, alone or in a transaction, a LISTEN, and the close.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { DRIZZLE_PARSERS, withDrizzleParsers } from './pglite-parsers';
import { PGLITE_OPTIONS } from './pglite-setup';
import type { Reply, Request } from './pglite-thread';

const port = parentPort!;

/** Sends `message`; one that cannot be copied to the main thread (a value of no transferable kind) fails its request. */
function reply(message: Reply) {
  try {
    port.postMessage(message);
  } catch (error) {
    if ('id' in message) port.postMessage({ id: message.id, error: plain(error) });
  }
}

/** An error as plain data: its message and PostgreSQL's fields (code, constraint, detail…), which a clone drops. */
function plain(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

const client = withDrizzleParsers(await PGlite.create(workerData.dataDir as string, PGLITE_OPTIONS));

/** Open transactions by number: the callback of PGlite's `transaction` waits in `end` for the main thread's word. */
const transactions = new Map<
  number,
  { tx: Transaction; end: (commit: boolean) => void; done: Promise<unknown> }
>();
let lastTransaction = 0;
const ROLLBACK = Symbol('rollback');

function begin(id: number) {
  const number = ++lastTransaction;
  let isOpen = false;
  const done = client.transaction(
    (tx) =>
      new Promise((resolve, reject) => {
        isOpen = true;
        transactions.set(number, {
          tx,
          end: (commit) => (commit ? resolve(undefined) : reject(ROLLBACK)),
          done,
        });
        reply({ id, result: number });
      }),
  );
  // A BEGIN that fails rejects before the callback runs; later, `end` reads the outcome.
  done.catch((error: unknown) => {
    if (!isOpen) reply({ id, error: plain(error) });
  });
}

async function end(number: number, commit: boolean) {
  const transaction = transactions.get(number)!;
  transactions.delete(number);
  transaction.end(commit);
  try {
    await transaction.done;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
}

const target = (transaction: number | undefined) =>
  transaction ? transactions.get(transaction)!.tx : client;

async function run(request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return target(request.tx).query(request.text, request.params, {
        rowMode: request.rowMode,
        ...(request.isDrizzles ? { parsers: DRIZZLE_PARSERS } : {}),
      });
    case 'exec':
      return target(request.tx).exec(request.text);
    case 'end':
      return end(request.tx, request.commit);
    case 'listen':
      await client.listen(request.channel, (payload) => reply({ channel: request.channel, payload }));
      return undefined;
    case 'close':
      await client.close();
      return undefined;
  }
}

port.on('message', (request: Request) => {
  if (request.op === 'begin') return begin(request.id);
  run(request).then(
    (result) => reply({ id: request.id, result }),
    (error: unknown) => reply({ id: request.id, error: plain(error) }),
  );
});
reply({ id: 0, result: 'ready' });
