import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso/router';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { listAllBoards, listAllRoadmaps, listPostsPage, type PostsPage as Page } from '../api/dashboard-posts.js';
import type { Board, MergedPost, Post, PostDetail, Roadmap } from '../api/types.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { type Loaded, useLoad } from '../use-load.js';
import { type OpenAction, PostActionDialog } from './posts-actions.js';
import { isFiltered, PAGE_SIZE, type PostsFilter, postsUrl, readPostsFilter, toApiFilter } from './posts-filter.js';
import { useEditedRows } from './edited-rows.js';
import { PostsPager } from './posts-pager.js';
import { RightsNote, useRights } from './posts-rights.js';
import { PostsTable } from './posts-table.js';
import { PostsToolbar } from './posts-toolbar.js';
import { BulkTags } from './posts-bulk-tags.js';
import { UnmergeQuestion, useMergedHere } from './posts-merged.js';
import { can, useSession } from '../session.js';

/** The boards and roadmaps the filters and the rows' selects offer. */
interface Choices {
  boards: Board[];
  roadmaps: Roadmap[];
}

async function loadChoices(): Promise<Choices> {
  const [boards, roadmaps] = await Promise.all([listAllBoards(), listAllRoadmaps()]);
  return { boards, roadmaps };
}

/** Posts: every idea in one table to triage: filter, move between boards, set a status, edit, delete. */
export function PostsPage() {
  const choices = useLoad(loadChoices, []);
  return (
    <section aria-labelledby="posts-title" class="posts-page">
      <h1 id="posts-title" tabIndex={-1}>
        Posts
      </h1>
      {choices.error ? (
        <ErrorNotice error={choices.error} onRetry={choices.reload} />
      ) : choices.data ? (
        <PostsView choices={choices.data} />
      ) : (
        <Skeleton rows={5} label="Loading the posts" />
      )}
    </section>
  );
}

function PostsView({ choices }: { choices: Choices }) {
  const location = useLocation();
  const known = useMemo(
    () => ({ boards: new Set(choices.boards.map((board) => board.boardId)), roadmaps: new Set(choices.roadmaps.map((roadmap) => roadmap.id)) }),
    [choices],
  );
  const filter = readPostsFilter(location.query, known);
  const list = useLoad(() => listPostsPage(toApiFilter(filter), PAGE_SIZE), [postsUrl(filter)]);
  const rows = useRows(list.data);
  const rightsOf = useRights();
  const [open, setOpen] = useState<OpenAction | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const wrap = useRef<HTMLElement>(null);
  const focusLater = useFocusLater();
  const session = useSession();
  const assignsTags = can(session, 'tag:assign');
  const merges = can(session, 'post:merge');
  const mergedHere = useMergedHere(list.data, rows.posts, merges);
  const [unmerging, setUnmerging] = useState<{ item: MergedPost; trigger: HTMLButtonElement } | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (postId: string, on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      if (on) next.add(postId);
      else next.delete(postId);
      return next;
    });
  // Another page or filter: another list to choose from.
  useEffect(() => setSelected(new Set()), [postsUrl(filter)]);

  const show = (next: PostsFilter, replace = false) => {
    // A message about a row of the last view would be stale in the next one.
    setAnnouncement('');
    location.route(postsUrl(next), replace);
  };
  const close = () => {
    const trigger = open?.trigger ?? null;
    setOpen(null);
    focusLater(() => trigger);
  };
  const changed = (post: Post, words: string) => {
    rows.replace(post);
    if (words) setAnnouncement(words);
  };
  const deleted = (post: Post) => {
    rows.remove(post.postId);
    setOpen(null);
    setAnnouncement(`Deleted “${post.title}”.`);
    // The row is gone: the table (or, when it emptied, the heading) takes focus.
    focusLater(() => wrap.current ?? document.getElementById('posts-title'));
    list.reload();
  };

  const merged = (post: Post, target: PostDetail) => {
    rows.remove(post.postId);
    // The target's row, when shown, takes its united votes and comments at once; the reload orders the page anew.
    rows.replace(target);
    setOpen(null);
    setAnnouncement(`Merged “${post.title}” into “${target.title}”.`);
    focusLater(() => wrap.current ?? document.getElementById('posts-title'));
    list.reload();
  };

  const unmerged = (item: MergedPost) => {
    setUnmerging(null);
    mergedHere.forget(item.postId);
    setAnnouncement(`“${item.title}” is an idea of its own again.`);
    // Its Unmerge button is gone: the table takes focus; the reload shows the post as a row again.
    focusLater(() => wrap.current ?? document.getElementById('posts-title'));
    list.reload();
  };

  return (
    <>
      <RightsNote />
      <PostsToolbar filter={filter} boards={choices.boards} roadmaps={choices.roadmaps} onChange={show} />
      <p role="status" class="posts-announcement">
        {announcement}
      </p>
      {assignsTags && selected.size > 0 && (
        <BulkTags
          selected={rows.posts.filter((post) => selected.has(post.postId))}
          onTagged={(post) => rows.replace(post)}
          onDone={(words) => {
            setAnnouncement(words);
            setSelected(new Set());
          }}
        />
      )}
      <PostsList list={list} posts={rows.posts} filter={filter} onPage={(page) => show({ ...filter, page })}>
        <PostsTable
          posts={rows.posts}
          boards={choices.boards}
          roadmaps={choices.roadmaps}
          rightsOf={rightsOf}
          busy={list.loading}
          wrapRef={wrap}
          onChanged={(post) => rows.replace(post)}
          onAction={(action, post, trigger) => setOpen({ action, post, trigger })}
          {...(assignsTags ? { selection: { selected, toggle } } : {})}
          {...(merges ? { merges: { byPost: mergedHere.byPost, onUnmerge: (item: MergedPost, trigger: HTMLButtonElement) => setUnmerging({ item, trigger }) } } : {})}
        />
      </PostsList>
      {open && <PostActionDialog open={open} onChanged={changed} onDeleted={deleted} onMerged={merged} onClose={close} />}
      {unmerging && (
        <UnmergeQuestion
          item={unmerging.item}
          onUnmerged={unmerged}
          onCancel={() => {
            const { trigger } = unmerging;
            setUnmerging(null);
            focusLater(() => trigger);
          }}
        />
      )}
    </>
  );
}

interface PostsListProps {
  list: Loaded<Page>;
  posts: Post[];
  filter: PostsFilter;
  onPage: (page: number) => void;
  /** The table, shown when the page has posts. */
  children: ComponentChildren;
}

/** The table, or why there is none (loading, failed, nothing matches), and the pages. */
function PostsList({ list, posts, filter, onPage, children }: PostsListProps) {
  if (!list.data) return list.error ? <ErrorNotice error={list.error} onRetry={list.reload} /> : <Skeleton rows={5} label="Loading the posts" />;
  return (
    <>
      {list.error !== null && <ErrorNotice error={list.error} onRetry={list.reload} />}
      {posts.length > 0 ? (
        children
      ) : isFiltered(filter) || filter.page > 1 ? (
        <p class="posts-empty">
          No posts match. <a href="/dashboard/posts">Show all posts</a>
        </p>
      ) : (
        <p class="posts-empty">No posts yet. They appear here as people post them.</p>
      )}
      <PostsPager page={filter.page} shown={posts.length} hasNext={list.data.hasNext} onPage={onPage} />
    </>
  );
}

/** The loaded page's posts, with the changes made on them since. */
function useRows(page: Page | undefined) {
  const { rows, edit } = useEditedRows(page, (shown) => shown.posts);
  return {
    posts: rows,
    replace: (post: Post) => edit((posts) => posts.map((candidate) => (candidate.postId === post.postId ? post : candidate))),
    remove: (postId: string) => edit((posts) => posts.filter((candidate) => candidate.postId !== postId)),
  };
}

/** Focus moved after the next render (once a dialog has closed and the page is no longer inert). */
function useFocusLater(): (find: () => HTMLElement | null) => void {
  const [target, setTarget] = useState<{ find: () => HTMLElement | null } | null>(null);
  useEffect(() => target?.find()?.focus(), [target]);
  return (find) => setTarget({ find });
}
