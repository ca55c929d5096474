import type { PostMergeRow, PostMergesRepo } from '../types.js';
import type { Access } from './access.js';
import { byKey, listed, tableRepo } from './table-repo.js';
import { GroupIndex, Table, UniqueIndex } from './table.js';

/* Merged posts (issue 30 §2): found by the slug the source had, and listed per target. */

export function mergeIndexes() {
  return {
    mergeBySourceSlug: new UniqueIndex<PostMergeRow>('postMerges.slug', (m) => m.post.slug),
    mergesByTarget: new GroupIndex<PostMergeRow>((m) => m.intoPostId),
  };
}

type MergeIndexes = ReturnType<typeof mergeIndexes>;

export function mergeTables(i: MergeIndexes) {
  return { postMerges: new Table<PostMergeRow>('postMerges', [i.mergeBySourceSlug], [i.mergesByTarget]) };
}

export function postMergesRepo(access: Access): PostMergesRepo {
  return {
    ...tableRepo(access, 'postMerges'),
    getBySlug: (slug) => access.read((db) => byKey(db.tables.postMerges, db.indexes.mergeBySourceSlug.lookup(slug))),
    listInto: (postId) => access.read((db) => listed(db.indexes.mergesByTarget.group(postId))),
  };
}
