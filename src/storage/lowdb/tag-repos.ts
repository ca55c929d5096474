import type { PostTagRow, PostTagsRepo, TagRow, TagsRepo } from '../types.js';
import type { Access } from './access.js';
import type { MemoryDb } from './memory-db.js';
import type { PostCatalog } from './post-catalog.js';
import { SortedList } from './sorted-list.js';
import { byKey, listed, tableRepo } from './table-repo.js';
import { GroupIndex, Table, UniqueIndex } from './table.js';

/* The issue-31 tables: tags, and which posts carry them. */

/** The key a tag's name is unique by: its lower case (PostgreSQL's index uses lower(name) alike). */
export function tagNameKey(name: string): string {
  return name.toLowerCase();
}

export function tagIndexes() {
  return {
    tagByName: new UniqueIndex<TagRow>('tags.name', (tag) => tagNameKey(tag.name)),
    tagsInOrder: new SortedList<TagRow>(),
    postTagByPair: new UniqueIndex<PostTagRow>('postTags.postTag', (link) => `${link.postId}/${link.tagId}`),
    postTagsByPost: new GroupIndex<PostTagRow>((link) => link.postId),
    postTagsByTag: new GroupIndex<PostTagRow>((link) => link.tagId),
  };
}

type TagIndexes = ReturnType<typeof tagIndexes>;

export function tagTables(i: TagIndexes & { postCatalog: PostCatalog }) {
  return {
    tags: new Table<TagRow>('tags', [i.tagByName], [i.tagsInOrder]),
    postTags: new Table<PostTagRow>('postTags', [i.postTagByPair], [i.postTagsByPost, i.postTagsByTag, i.postCatalog.onPostTags]),
  };
}

/** By name ignoring case, then id: the order lists and posts show tags in on both engines. */
export function compareTags(a: TagRow, b: TagRow): number {
  const [nameA, nameB] = [tagNameKey(a.name), tagNameKey(b.name)];
  if (nameA !== nameB) return nameA < nameB ? -1 : 1;
  return a.id === b.id ? 0 : a.id < b.id ? -1 : 1;
}

/** Whether the post carries every one of the tags (an unknown id: no). */
export function carriesTags(db: MemoryDb, postId: string, tagIds: readonly string[]): boolean {
  const carried = db.indexes.postCatalog.entryOf(postId)?.tagIds;
  return carried !== undefined && carried.length >= tagIds.length && tagIds.every((tagId) => carried.includes(tagId));
}

export function tagsRepo(access: Access): TagsRepo {
  return {
    ...tableRepo(access, 'tags'),
    getByName: (name) => access.read((db) => byKey(db.tables.tags, db.indexes.tagByName.lookup(tagNameKey(name)))),
    // Tens of tags, written by the team: sorting them all per list is cheap.
    list: () => access.read((db) => db.indexes.tagsInOrder.toArray().sort(compareTags)),
  };
}

function deleteGroup(access: Access, group: 'postTagsByPost' | 'postTagsByTag', key: string): Promise<number> {
  return access.write((w) => {
    const rows = listed(w.db.indexes[group].group(key));
    for (const row of rows) w.delete('postTags', row.id);
    return rows.length;
  });
}

export function postTagsRepo(access: Access): PostTagsRepo {
  return {
    ...tableRepo(access, 'postTags'),
    listByPosts: (postIds) => access.read((db) => [...new Set(postIds)].flatMap((postId) => listed(db.indexes.postTagsByPost.group(postId)))),
    listByTag: (tagId) => access.read((db) => listed(db.indexes.postTagsByTag.group(tagId))),
    deleteByPost: (postId) => deleteGroup(access, 'postTagsByPost', postId),
    deleteByTag: (tagId) => deleteGroup(access, 'postTagsByTag', tagId),
  };
}
