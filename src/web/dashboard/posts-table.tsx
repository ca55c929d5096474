import type { RefObject } from 'preact';
import type { Board, MergedPost, Post, Roadmap } from '../api/types.js';
import { type PostAction, PostRow, type PostRights } from './posts-row.js';
import { TableWrap } from './table-wrap.js';

interface PostsTableProps {
  posts: Post[];
  boards: Board[];
  roadmaps: Roadmap[];
  rightsOf: (post: Post) => PostRights;
  /** A newer list is on its way. */
  busy: boolean;
  /** The scrolling wrap, which takes focus once a row is gone. */
  wrapRef: RefObject<HTMLElement | null>;
  onChanged: (post: Post) => void;
  onAction: (action: PostAction, post: Post, trigger: HTMLButtonElement | null) => void;
  /** For holders of tag:assign: the posts ticked for tagging at once (issue 31); absent: no checkboxes. */
  selection?: { selected: ReadonlySet<string>; toggle: (postId: string, on: boolean) => void };
  /** For holders of post:merge: the posts merged into each row (by its post id), and what Unmerge does. */
  merges?: { byPost: ReadonlyMap<string, MergedPost[]>; onUnmerge: (item: MergedPost, trigger: HTMLButtonElement) => void };
}

/** The posts of one page; on a phone the table scrolls sideways inside its focusable wrap. */
export function PostsTable({ posts, boards, roadmaps, rightsOf, busy, wrapRef, onChanged, onAction, selection, merges }: PostsTableProps) {
  return (
    <TableWrap label="Post list" busy={busy} wrapRef={wrapRef} extraClass="posts-table-wrap">
      <table class="dashboard-table posts-table">
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Board</th>
            <th scope="col">Status</th>
            <th scope="col" class="dashboard-table__number">
              Votes
            </th>
            <th scope="col" class="dashboard-table__number">
              Comments
            </th>
            <th scope="col">Author</th>
            <th scope="col">Posted</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {posts.map((post) => (
            <PostRow
              key={post.postId}
              post={post}
              boards={boards}
              roadmaps={roadmaps}
              rights={rightsOf(post)}
              onChanged={onChanged}
              onAction={onAction}
              {...(selection ? { selected: selection.selected.has(post.postId), onSelect: (on: boolean) => selection.toggle(post.postId, on) } : {})}
              {...(merges ? { merged: merges.byPost.get(post.postId), onUnmerge: merges.onUnmerge } : {})}
            />
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
