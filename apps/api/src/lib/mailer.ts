import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import nodemailer from 'nodemailer';

export type MailMessage = {
  to: string;
  cc?: string;
  subject: string;
  html: string;
  text: string;
  /** A file on disk (`path`), made in memory (`content`, e.g. a generated PDF) or read from storage (a stream). */
  attachments: MailAttachment[];
};

export type MailAttachment =
  | { filename: string; path: string; contentType: string }
  | { filename: string; content: Buffer | Readable; contentType: string };

export type Mailer = { send(message: MailMessage): Promise<{ messageId: string; outboxFile?: string }> };

/**
 * DESIGN §1 e-mail: SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to
 * DATA_DIR/outbox (works offline, and an administrator can open it).
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({ from: options.from, ...message });
        return { messageId: info.messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      return { messageId: info.messageId, outboxFile: file };
    },
  };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every value put in an HTML e-mail goes through this. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}
