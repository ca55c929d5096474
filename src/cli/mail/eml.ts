/*
 * A reader for the .eml files nodemailer writes into the outbox: folded headers with RFC 2047
 * encoded words, multipart bodies, and parts in 7bit, 8bit, quoted-printable or base64. Small on
 * purpose: mailparser would add a dozen packages (and a second nodemailer) to show a link whole.
 * The raw message is handled as latin1 text, one character per byte, so no byte is lost before
 * a part is decoded in its own charset.
 */

/** What a person looks for in one message. */
export interface Eml {
  to: string;
  subject: string;
  date: Date | null;
  /** The plain-text part, decoded, with LF line ends; null when the message has none. */
  text: string | null;
  html: string | null;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

/** The headers and text parts of a raw RFC 5322 message. */
export function parseEml(raw: Buffer): Eml {
  const message = splitPart(raw.toString('latin1'));
  const texts = { text: null as string | null, html: null as string | null };
  collectTexts(message, texts);
  const dateHeader = message.headers.get('date');
  const date = dateHeader === undefined ? null : new Date(dateHeader);
  return {
    to: decodeHeader(message.headers.get('to') ?? ''),
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    date: date !== null && Number.isNaN(date.getTime()) ? null : date,
    ...texts,
  };
}

function splitPart(source: string): Part {
  const end = /\r?\n\r?\n/.exec(source);
  const head = end ? source.slice(0, end.index) : source;
  const body = end ? source.slice(end.index + end[0].length) : '';
  return { headers: parseHeaders(head), body };
}

/** Folded lines joined; the first of a repeated header wins. */
function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

/** The first plain and the first HTML part that are not attachments, depth first. */
function collectTexts(part: Part, found: { text: string | null; html: string | null }): void {
  const type = contentType(part.headers);
  if (type.value.startsWith('multipart/')) {
    const boundary = type.params.get('boundary');
    for (const child of boundary ? splitMultipart(part.body, boundary) : []) collectTexts(splitPart(child), found);
    return;
  }
  if (/^attachment\b/i.test(part.headers.get('content-disposition') ?? '')) return;
  const key = type.value === 'text/plain' ? 'text' : type.value === 'text/html' ? 'html' : null;
  if (key === null || found[key] !== null) return;
  const bytes = decodeTransfer(part.body, part.headers.get('content-transfer-encoding') ?? '7bit');
  found[key] = decodeCharset(bytes, type.params.get('charset') ?? 'us-ascii').replace(/\r\n/g, '\n');
}

function contentType(headers: Map<string, string>): { value: string; params: Map<string, string> } {
  const [value = '', ...rest] = (headers.get('content-type') ?? 'text/plain').split(';');
  const params = new Map<string, string>();
  for (const param of rest) {
    const equals = param.indexOf('=');
    if (equals < 0) continue;
    params.set(param.slice(0, equals).trim().toLowerCase(), param.slice(equals + 1).trim().replace(/^"(.*)"$/, '$1'));
  }
  return { value: value.trim().toLowerCase(), params };
}

/** The parts between `--boundary` lines, up to `--boundary--`; the preamble and epilogue are dropped. */
function splitMultipart(body: string, boundary: string): string[] {
  const parts: string[] = [];
  let current: string[] | null = null;
  for (const line of body.split(/\r?\n/)) {
    if (line.trimEnd() === `--${boundary}--`) break;
    if (line.trimEnd() === `--${boundary}`) {
      if (current) parts.push(current.join('\r\n'));
      current = [];
    } else current?.push(line);
  }
  if (current) parts.push(current.join('\r\n'));
  return parts;
}

function decodeTransfer(body: string, encoding: string): Buffer {
  const name = encoding.trim().toLowerCase();
  if (name === 'base64') return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
  if (name === 'quoted-printable') return decodeQuotedPrintable(body);
  return Buffer.from(body, 'latin1');
}

/** RFC 2045 §6.7: `=` at a line's end joins it to the next (a soft break); `=XX` is one byte. */
function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/[ \t]+(?=\r?\n)/g, '').replace(/=\r?\n/g, '');
  return Buffer.from(joined.replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1');
}

function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.toLowerCase() === 'us-ascii' ? 'utf-8' : charset).decode(bytes);
  } catch {
    // A charset this Node does not know: its ASCII still reads right.
    return bytes.toString('latin1');
  }
}

const ENCODED_WORD = /=\?([^?\s]+)\?([QqBb])\?([^?\s]*)\?=/g;

type Segment = { text: string } | { charset: string; bytes: Buffer };

/**
 * RFC 2047 words decoded. Adjacent words of one charset are joined as bytes before decoding (an
 * encoder may split a character between two), and the space between encoded words is dropped.
 */
export function decodeHeader(value: string): string {
  const raw = Buffer.from(value, 'latin1').toString('utf8');
  const segments: Segment[] = [];
  let last = 0;
  for (const match of raw.matchAll(ENCODED_WORD)) {
    const between = raw.slice(last, match.index);
    if (last === 0 || between.trim() !== '') segments.push({ text: between });
    const [, charset = 'utf-8', kind = 'Q', text = ''] = match;
    const bytes = kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text.replace(/_/g, ' '));
    appendWord(segments, { charset, bytes });
    last = match.index + match[0].length;
  }
  segments.push({ text: raw.slice(last) });
  return segments.map((segment) => ('text' in segment ? segment.text : decodeCharset(segment.bytes, segment.charset))).join('');
}

function appendWord(segments: Segment[], word: { charset: string; bytes: Buffer }): void {
  const previous = segments.at(-1);
  if (previous && 'bytes' in previous && previous.charset.toLowerCase() === word.charset.toLowerCase()) {
    previous.bytes = Buffer.concat([previous.bytes, word.bytes]);
  } else segments.push({ ...word });
}
