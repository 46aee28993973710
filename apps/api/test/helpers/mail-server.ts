import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMime, type MimePart } from './mime';

// A real SMTP server on loopback for the tests that send mail (SMTP_URL=smtp://127.0.0.1:<port>): it keeps every
// message it accepts, parsed, and can refuse the next one as a full mailbox would.

export type ReceivedMail = {
  /** The envelope's sender. */
  from: string | undefined;
  /** The envelope's recipients, sorted. */
  to: string[];
  raw: Buffer;
  message: MimePart;
};

export type MailServer = {
  port: number;
  /** The messages accepted so far, oldest first. */
  received: ReceivedMail[];
  /** Answers the next message with 550 'Buzón no disponible'. */
  refuseNext: () => void;
  /** Forgets the messages received and a refusal not yet used. */
  clear: () => void;
  close: () => Promise<void>;
};

export async function startMailServer(): Promise<MailServer> {
  const received: ReceivedMail[] = [];
  let refuse = false;
  // The test server offers no STARTTLS: without a certificate nodemailer would upgrade and refuse its bundled one.
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuse) {
          refuse = false;
          return callback(Object.assign(new Error('Buzón no disponible'), { responseCode: 550 }));
        }
        const raw = Buffer.concat(chunks);
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((recipient) => recipient.address).sort(),
          raw,
          message: parseMime(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    port,
    received,
    refuseNext: () => {
      refuse = true;
    },
    clear: () => {
      received.length = 0;
      refuse = false;
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
