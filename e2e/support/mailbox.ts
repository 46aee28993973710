import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { test as base } from './fixtures';

// A real SMTP server on loopback for the journeys that send e-mail, and the app server pointed at it.

export type Mailbox = { port: number; messages: string[] };

export const MAIL_ADMIN = 'administracion@camposanto.test';

export const test = base.extend<{ mailbox: Mailbox }>({
  // Playwright reads a fixture's dependencies from this destructuring, so an empty one is required here.
  // eslint-disable-next-line no-empty-pattern
  mailbox: async ({}, use) => {
    const messages: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData(stream, _session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          messages.push(Buffer.concat(chunks).toString('utf8'));
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    await use({ port: (smtp.server.address() as AddressInfo).port, messages });
    await new Promise<void>((resolve) => smtp.close(resolve));
  },
  // The app server of this journey sends its mail to the mailbox above.
  serverEnv: async ({ mailbox }, use) => use({ SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`, MAIL_ADMIN }),
});

/** The attachment of a raw e-mail with the given file name, decoded. */
export function attachment(raw: string, fileName: string): Buffer | undefined {
  const part = raw
    .split(/\r?\n--/)
    .find((chunk) => /Content-Disposition: attachment/i.test(chunk) && chunk.includes(fileName));
  const body = part
    ?.split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n');
  return body === undefined ? undefined : Buffer.from(body.replace(/\s+/g, ''), 'base64');
}
