// A small reader of the MIME messages nodemailer writes (mailparser is not installed): headers, multipart
// bodies, base64 and quoted-printable. Enough to check recipients, attachments and an HTML body.

export type MimePart = {
  headers: Map<string, string>;
  /** The decoded content of a leaf part (empty for a multipart). */
  content: Buffer;
  parts: MimePart[];
};

export type MimeLeaf = {
  contentType: string;
  disposition: string | undefined;
  filename: string | undefined;
  content: Buffer;
};

function splitHeadersAndBody(raw: string): [string, string] {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return [raw, ''];
  return [raw.slice(0, match.index), raw.slice(match.index + match[0].length)];
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  // Folded lines (starting with a space or tab) continue the header above them.
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** A parameter of a structured header (`boundary`, `filename`, `name`), quoted or not. */
export function headerParam(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  const match = new RegExp(`(?:^|;)\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value);
  return match ? (match[1] ?? match[2]) : undefined;
}

function decodeQuotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  const unfolded = text.replace(/=\r?\n/g, '');
  for (let index = 0; index < unfolded.length; index += 1) {
    const char = unfolded[index]!;
    if (char === '=' && /^[0-9A-F]{2}$/i.test(unfolded.slice(index + 1, index + 3))) {
      bytes.push(parseInt(unfolded.slice(index + 1, index + 3), 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, 'latin1'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return Buffer.from(body, 'latin1');
  }
}

/** Parses a raw message (as received over SMTP or written to an .eml file). */
export function parseMime(raw: Buffer | string): MimePart {
  const text = typeof raw === 'string' ? raw : raw.toString('latin1');
  const [headerBlock, body] = splitHeadersAndBody(text);
  const headers = parseHeaders(headerBlock);
  const boundary = headerParam(headers.get('content-type'), 'boundary');
  if (!boundary || !headers.get('content-type')?.toLowerCase().startsWith('multipart/')) {
    return { headers, content: decodeBody(body, headers.get('content-transfer-encoding')), parts: [] };
  }
  const sections = body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  // The first section is the preamble; the one after the closing delimiter starts with '--'.
  const parts = sections
    .slice(1)
    .filter((section) => !section.startsWith('--'))
    .map((section) => parseMime(section.replace(/^\r?\n/, '')));
  return { headers, content: Buffer.alloc(0), parts };
}

/** Every leaf part of a message, depth first. */
export function leaves(part: MimePart): MimeLeaf[] {
  if (part.parts.length) return part.parts.flatMap(leaves);
  const disposition = part.headers.get('content-disposition');
  return [
    {
      contentType: (part.headers.get('content-type') ?? 'text/plain').split(';')[0]!.trim().toLowerCase(),
      disposition: disposition?.split(';')[0]!.trim().toLowerCase(),
      filename: headerParam(disposition, 'filename') ?? headerParam(part.headers.get('content-type'), 'name'),
      content: part.content,
    },
  ];
}

/** The attachments of a message: leaves with `Content-Disposition: attachment`. */
export const attachmentsOf = (message: MimePart) =>
  leaves(message).filter((leaf) => leaf.disposition === 'attachment');

/** The HTML body of a message, as text. */
export function htmlOf(message: MimePart): string {
  const html = leaves(message).find(
    (leaf) => leaf.contentType === 'text/html' && leaf.disposition !== 'attachment',
  );
  if (!html) throw new Error('the message has no HTML body');
  return html.content.toString('utf8');
}

/** A header with its RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) decoded. */
export function decodeHeader(value: string | undefined): string {
  return (value ?? '')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_word, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}
