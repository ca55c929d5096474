// Dashboard › Changelog: every changelog call the editor makes (README "Changelog", the OpenAPI
// document's Changelog tag), one typed function each.
import { api } from './client.js';
import { listPosts } from './endpoints.js';
import type { ChangelogEntry, ChangelogLabel, ChangelogPage, Post } from './types.js';

/** The most entries the API gives in one page. */
const PAGE_SIZE = 100;

/** Every entry the caller may edit: drafts and scheduled ones too, for holders of changelog:create or changelog:update. */
export async function listAllEntries(): Promise<ChangelogEntry[]> {
  const entries: ChangelogEntry[] = [];
  for (let page = 1; ; page++) {
    const answer = await api<ChangelogPage>('GET', '/changelog', undefined, {
      page,
      limit: PAGE_SIZE,
    });
    entries.push(...answer.entries);
    if (!answer.has_next_page) return entries;
  }
}

/** What the editor sends, on creation and on edit alike. */
export interface EntryInput {
  title: string;
  contentMarkdown: string;
  labels: ChangelogLabel[];
  postIds: string[];
  moveToRoadmapId: string | null;
}

const path = (entryId: string) => `/changelog/${encodeURIComponent(entryId)}`;

export const getEntry = (entryId: string) => api<{ entry: ChangelogEntry }>('GET', path(entryId)).then((r) => r.entry);

/** A new draft, written by the caller. */
export const createEntry = (input: EntryInput) => api<{ entry: ChangelogEntry }>('POST', '/changelog', input).then((r) => r.entry);

export const updateEntry = (entryId: string, input: Partial<EntryInput>) => api<{ entry: ChangelogEntry }>('PATCH', path(entryId), input).then((r) => r.entry);

/** Removes the entry and its links; the posts stay. */
export const deleteEntry = (entryId: string) => api<void>('DELETE', path(entryId));

/** Publishes now (`publishAt` absent), or schedules the entry for `publishAt`. */
export const publishEntry = (entryId: string, publishAt?: string) =>
  api<{ entry: ChangelogEntry }>('POST', `${path(entryId)}/publish`, publishAt ? { publishAt } : {}).then((r) => r.entry);

/** Ideas whose words match what was typed, the best first, for linking to an entry. */
export const searchIdeas = (query: string): Promise<Post[]> => listPosts({ query, order: 'votes', limit: 8 });
