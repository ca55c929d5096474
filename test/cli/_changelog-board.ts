import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExecutionContext } from 'ava';
import { outboxDir } from '../../src/services/mail/outbox.js';
import { sendRequest } from '../_helpers/server.js';

/*
 * What the changelog's process tests share (issue 30): a board set up through a running serve's
 * API, with voters on one post, and the "Shipped" mails its mail outbox holds.
 */

const PASSWORD = 'correct horse battery';

export interface ChangelogBoard {
  ownerToken: string;
  postId: string;
  voters: string[];
}

/** The owner, a post, and `voters` members who each voted for it (signed up through the API). */
export async function setUpBoard(t: ExecutionContext, url: string, voters: number): Promise<ChangelogBoard> {
  const setup = await sendRequest(url, 'POST', '/auth/setup', { body: { email: 'owner@example.org', password: PASSWORD } });
  t.is(setup.status, 201, setup.text);
  const ownerToken = setup.body.user.authToken as string;
  const post = await sendRequest(url, 'POST', '/posts', { token: ownerToken, body: { title: 'Dark mode' } });
  t.is(post.status, 201, post.text);
  const postId = post.body.post.postId as string;
  const emails: string[] = [];
  for (let i = 0; i < voters; i++) {
    const email = `voter${i}@example.org`;
    const signup = await sendRequest(url, 'POST', '/auth/signup', { body: { email, password: PASSWORD } });
    t.is(signup.status, 201, signup.text);
    const vote = await sendRequest(url, 'POST', '/votes', { token: signup.body.user.authToken, body: { postId } });
    t.is(vote.status, 201, vote.text);
    emails.push(email);
  }
  return { ownerToken, postId, voters: emails };
}

/** A draft linking the board's post, through the API; its id. */
export async function writeEntry(t: ExecutionContext, url: string, board: ChangelogBoard, title: string): Promise<string> {
  const created = await sendRequest(url, 'POST', '/changelog', { token: board.ownerToken, body: { title, postIds: [board.postId] } });
  t.is(created.status, 201, created.text);
  return created.body.entry.entryId as string;
}

/** `Shipped: <title> → <recipient>` for every "Shipped" mail in the data directory's mail outbox, sorted. */
export async function shippedMails(dataDir: string): Promise<string[]> {
  const dir = outboxDir(dataDir);
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
  const found: string[] = [];
  for (const name of names) {
    const raw = await readFile(join(dir, name), 'utf8');
    const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
    const to = /^To: (.*)$/m.exec(raw)?.[1] ?? '';
    if (subject.startsWith('Shipped: ')) found.push(`${subject} → ${to.trim()}`);
  }
  return found.sort();
}
