// "Merged here: “Night theme” — Unmerge" on a target's row of Dashboard › Posts (issue 30 §2), for
// holders of post:merge. The list answer does not name merged posts: each shown row is read as its
// page reads it (POST /posts/slug, whose `mergedPosts` lists them), a few at a time.
import { useEffect, useState } from 'preact/hooks';
import { getPostBySlug, unmergePost } from '../api/endpoints.js';
import type { MergedPost, Post } from '../api/types.js';
import { ConfirmDialog } from '../pages/post-confirm.js';

/** How many rows are read at once. */
const READS_AT_ONCE = 4;

export interface MergedHere {
  /** The posts merged into a row, by the row's post id. */
  byPost: ReadonlyMap<string, MergedPost[]>;
  /** Takes a post given back off its target's row at once, before the list is read again. */
  forget: (mergedPostId: string) => void;
}

/**
 * The posts merged into each row of `page` (by the row's post id; rows with none are absent), read
 * again whenever `page` is a new answer. Nothing is read when `enabled` is false.
 */
export function useMergedHere(page: unknown, posts: readonly Post[], enabled: boolean): MergedHere {
  const [merged, setMerged] = useState<ReadonlyMap<string, MergedPost[]>>(new Map());
  useEffect(() => {
    if (!enabled || !page) return;
    let current = true;
    const queue = [...posts];
    const found = new Map<string, MergedPost[]>();
    const worker = async () => {
      for (let post = queue.shift(); post; post = queue.shift()) {
        // A row that cannot be read (deleted meanwhile) just shows no merged posts.
        const detail = await getPostBySlug(post.slug).catch(() => null);
        if (detail?.postId === post.postId && detail.mergedPosts?.length) found.set(post.postId, detail.mergedPosts);
      }
    };
    void Promise.all(Array.from({ length: READS_AT_ONCE }, worker)).then(() => current && setMerged(found));
    return () => {
      current = false;
    };
  }, [page, enabled]);
  const forget = (mergedPostId: string) =>
    setMerged((before) => {
      const next = new Map<string, MergedPost[]>();
      for (const [postId, items] of before) {
        const left = items.filter((item) => item.postId !== mergedPostId);
        if (left.length > 0) next.set(postId, left);
      }
      return next;
    });
  return { byPost: merged, forget };
}

interface MergedHereLineProps {
  post: Post;
  merged: readonly MergedPost[];
  onUnmerge: (item: MergedPost, trigger: HTMLButtonElement) => void;
}

/** Under a target's title: each post merged into it, with its Unmerge button. */
export function MergedHereLine({ post, merged, onUnmerge }: MergedHereLineProps) {
  const label = `merged-here-${post.postId}`;
  return (
    <div class="post__merged-row posts-table__merged">
      <span id={label}>Merged here:</span>{' '}
      <ul class="post__merged-list" aria-labelledby={label}>
        {merged.map((item) => (
          <li key={item.postId}>
            “{item.title}” —{' '}
            <button type="button" class="link-button" aria-label={`Unmerge “${item.title}”`} onClick={(event) => onUnmerge(item, event.currentTarget)}>
              Unmerge
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

interface UnmergeQuestionProps {
  item: MergedPost;
  /** Given back: the caller reloads the list, where it is a row again. */
  onUnmerged: (item: MergedPost) => void;
  onCancel: () => void;
}

/** The one question before an unmerge, as the post page asks it. */
export function UnmergeQuestion({ item, onUnmerged, onCancel }: UnmergeQuestionProps) {
  return (
    <ConfirmDialog
      question={`Unmerge “${item.title}”? It comes back with its own votes and comments.`}
      confirmLabel="Unmerge"
      pendingLabel="Unmerging…"
      onConfirm={async () => {
        await unmergePost(item.postId);
      }}
      onDone={() => onUnmerged(item)}
      onCancel={onCancel}
    />
  );
}
