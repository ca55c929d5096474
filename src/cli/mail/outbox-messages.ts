import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileKind } from '../../config/output-target.js';
import { AppError } from '../../errors.js';
import { parseEml } from './eml.js';

/** One message of the outbox as `mail outbox` shows it. */
export interface OutboxMessage {
  file: string;
  /** ISO 8601, from the message's Date header; null when it has none that reads. */
  date: string | null;
  to: string;
  subject: string;
  /** Every web address of the plain-text part (else of the HTML part's links), whole, in order. */
  links: string[];
  text: string | null;
}

/** The outbox's messages and how many it holds, or null when the directory does not exist. */
export interface OutboxListing {
  total: number;
  messages: OutboxMessage[];
}

/**
 * The newest `count` messages, newest first: the file names start with the time they were written
 * (API.md §6.1). Temp files of a message being written (`.name.tmp`) are not messages yet.
 */
export async function newestOutboxMessages(dir: string, count: number): Promise<OutboxListing | null> {
  const info = await lstat(dir).catch(() => null);
  if (info === null) return null;
  if (!info.isDirectory()) throw new AppError('OUTBOX_INVALID', `The outbox ${dir} is ${fileKind(info)}, not a directory`, 400);
  const names = (await readdir(dir)).filter((name) => name.endsWith('.eml') && !name.startsWith('.'));
  const newest = names.sort().reverse().slice(0, count);
  return { total: names.length, messages: await Promise.all(newest.map((name) => readMessage(join(dir, name)))) };
}

async function readMessage(file: string): Promise<OutboxMessage> {
  const mail = parseEml(await readFile(file));
  const links = mail.text !== null ? linksInText(mail.text) : linksInHtml(mail.html ?? '');
  return { file, date: mail.date?.toISOString() ?? null, to: mail.to, subject: mail.subject, links, text: mail.text };
}

function linksInText(text: string): string[] {
  // A sentence's closing mark is not part of the address before it.
  const found = [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map(([link]) => link.replace(/[.,;:!?)\]]+$/, ''));
  return [...new Set(found)];
}

function linksInHtml(html: string): string[] {
  const found = [...html.matchAll(/href="(https?:\/\/[^"]+)"/g)].map(([, link = '']) => unescapeHtml(link));
  return [...new Set(found)];
}

function unescapeHtml(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };
  return text.replace(/&(amp|lt|gt|quot|#(\d+));/g, (_, name: string, code?: string) => (code ? String.fromCodePoint(Number(code)) : named[name]!));
}
