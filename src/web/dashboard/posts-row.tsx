import { useRef } from 'preact/hooks';
import { updatePost } from '../api/endpoints.js';
import type { Board, MergedPost, Post, Roadmap } from '../api/types.js';
import { Avatar } from '../components/avatar.js';
import { StatusChip } from '../components/status-chip.js';
import { TagChips } from '../components/tag-chips.js';
import { TimeAgo } from '../components/time-ago.js';
import { formatNumber } from '../format.js';
import { ActionMenu, type MenuAction } from '../components/menu.js';
import { nameOf } from '../pages/post-thread.js';
import { type Choice, InlineChoice } from './posts-choice.js';
import { MergedHereLine } from './posts-merged.js';

/** What the session may do with one post (the API stays the authority). */
export interface PostRights {
  /** Title, description and board: the author, or post:update. */
  edit: boolean;
  /** The author, or post:destroy. */
  remove: boolean;
  /** roadmap:assign. */
  setStatus: boolean;
  /** vote:assign, with the voteOnBehalf lab on. */
  voteFor: boolean;
  /** post:merge: merge it into another post. */
  merge: boolean;
}

export type PostAction = 'edit' | 'delete' | 'vote' | 'merge';

interface PostRowProps {
  post: Post;
  boards: Board[];
  roadmaps: Roadmap[];
  rights: PostRights;
  /** The post as the API now stores it. */
  onChanged: (post: Post) => void;
  /** A row action chosen; `trigger` is the "…" button focus goes back to. */
  onAction: (action: PostAction, post: Post, trigger: HTMLButtonElement | null) => void;
  /** Ticked for tagging at once (issue 31); absent: no checkbox. */
  selected?: boolean;
  onSelect?: (on: boolean) => void;
  /** The posts merged into this one, for holders of post:merge; absent or empty: none shown. */
  merged?: readonly MergedPost[] | undefined;
  /** Unmerge chosen for one of them; `trigger` is its button. */
  onUnmerge?: (item: MergedPost, trigger: HTMLButtonElement) => void;
}

/** One post: its title linking to its page, board and status (changed in place when allowed), votes, author, date, actions. */
export function PostRow({ post, boards, roadmaps, rights, onChanged, onAction, selected, onSelect, merged, onUnmerge }: PostRowProps) {
  const saveBoard = async (boardId: string) => {
    const stored = await updatePost(post.postId, { boardId: boardId || null });
    const board = boards.find((candidate) => candidate.boardId === stored.boardId);
    onChanged({ ...post, board: board ? toBoardRef(board) : null, updatedAt: stored.updatedAt });
  };
  const saveStatus = async (roadmapId: string) => {
    const stored = await updatePost(post.postId, { roadmapId: roadmapId || null });
    const roadmap = roadmaps.find((candidate) => candidate.id === stored.roadmap_id);
    onChanged({ ...post, roadmap: roadmap ? toRoadmapRef(roadmap) : null, updatedAt: stored.updatedAt });
  };
  return (
    <tr>
      {/* With a "Merged here" line the row is still named by its title alone. */}
      <th scope="row" class="posts-table__title" {...(merged?.length ? { 'aria-labelledby': `post-title-${post.postId}` } : {})}>
        <a id={`post-title-${post.postId}`} href={`/p/${post.slug}`}>
          {post.title}
        </a>
        {post.tags && <TagChips tags={post.tags} />}
        {merged && merged.length > 0 && onUnmerge && <MergedHereLine post={post} merged={merged} onUnmerge={onUnmerge} />}
      </th>
      <td>
        {rights.edit ? (
          <InlineChoice id={`post-board-${post.postId}`} label={`Board of ${post.title}`} value={post.board?.boardId ?? ''} choices={boardChoices(boards, post)} onSave={saveBoard} />
        ) : (
          <BoardName post={post} />
        )}
      </td>
      <td>
        {rights.setStatus ? (
          <InlineChoice id={`post-status-${post.postId}`} label={`Status of ${post.title}`} value={post.roadmap?.id ?? ''} choices={statusChoices(roadmaps, post)} onSave={saveStatus} />
        ) : post.roadmap ? (
          <StatusChip roadmap={post.roadmap} />
        ) : (
          <span class="muted">None</span>
        )}
      </td>
      <td class="dashboard-table__number">{formatNumber(post.voters.votesCount)}</td>
      <td class="dashboard-table__number">{formatNumber(post.commentsCount)}</td>
      <td>
        <span class="posts-table__author">
          <Avatar user={post.author} size={24} />
          {nameOf(post.author)}
        </span>
      </td>
      <td class="posts-table__date">
        <TimeAgo iso={post.createdAt} />
      </td>
      <td class="posts-table__actions">
        {/* Beside the row's menu, not a column of its own: the columns stay those of every viewer. */}
        {onSelect && (
          <input
            type="checkbox"
            class="posts-table__select"
            aria-label={`Select ${post.title}`}
            checked={selected === true}
            onChange={(event) => onSelect(event.currentTarget.checked)}
          />
        )}
        <RowMenu post={post} rights={rights} onAction={onAction} />
      </td>
    </tr>
  );
}

function RowMenu({ post, rights, onAction }: Pick<PostRowProps, 'post' | 'rights' | 'onAction'>) {
  const trigger = useRef<HTMLButtonElement>(null);
  const choose = (action: PostAction) => () => onAction(action, post, trigger.current);
  const actions: MenuAction[] = [];
  if (rights.edit) actions.push({ label: 'Edit', onSelect: choose('edit') });
  if (rights.voteFor) actions.push({ label: 'Vote for a user', onSelect: choose('vote') });
  if (rights.merge) actions.push({ label: 'Merge into…', onSelect: choose('merge') });
  if (rights.remove) actions.push({ label: 'Delete', onSelect: choose('delete'), danger: true });
  if (actions.length === 0) return null;
  return <ActionMenu label={`Actions for ${post.title}`} actions={actions} triggerRef={trigger} />;
}

function BoardName({ post }: { post: Post }) {
  if (!post.board) return <span class="muted">None</span>;
  return (
    <span class="posts-table__board">
      <span class="dot" style={{ background: `#${post.board.color}` }} aria-hidden="true" />
      {post.board.name}
    </span>
  );
}

/** Every board, and the post's own even if the list lacks it, so the select shows what is stored. */
function boardChoices(boards: Board[], post: Post): Choice[] {
  const choices = boards.map((board) => ({ value: board.boardId, label: board.display ? board.name : `${board.name} (hidden)` }));
  if (post.board && !boards.some((board) => board.boardId === post.board?.boardId)) choices.push({ value: post.board.boardId, label: post.board.name });
  return [{ value: '', label: 'No board' }, ...choices];
}

function statusChoices(roadmaps: Roadmap[], post: Post): Choice[] {
  const choices = roadmaps.map((roadmap) => ({ value: roadmap.id, label: roadmap.display ? roadmap.name : `${roadmap.name} (hidden)` }));
  if (post.roadmap && !roadmaps.some((roadmap) => roadmap.id === post.roadmap?.id)) choices.push({ value: post.roadmap.id, label: post.roadmap.name });
  return [{ value: '', label: 'No status' }, ...choices];
}

const toBoardRef = ({ boardId, name, color, url, createdAt }: Board) => ({ boardId, name, color, url, createdAt });
const toRoadmapRef = ({ id, name, url, color }: Roadmap) => ({ id, name, url, color });
