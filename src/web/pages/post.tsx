import { useLocation, useRoute } from 'preact-iso/router';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '../api/client.js';
import { deletePost, getBoard, getPostBySlug } from '../api/endpoints.js';
import type { Activity, PostDetail, PostRecord, Voters } from '../api/types.js';
import { Avatar } from '../components/avatar.js';
import { Markdown } from '../components/markdown.js';
import { ActionMenu, type MenuAction } from '../components/menu.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { StatusChip } from '../components/status-chip.js';
import { TagChips } from '../components/tag-chips.js';
import { TagsDialog } from '../components/tags-dialog.js';
import { TimeAgo } from '../components/time-ago.js';
import { VoteButton } from '../components/vote-button.js';
import { can, useSession } from '../session.js';
import { setPageTitle } from '../site.js';
import { t } from '../i18n/t.js';
import { useLoad } from '../use-load.js';
import { NotFoundPage } from './not-found.js';
import { PostActivity } from './post-activity.js';
import { ConfirmDialog } from './post-confirm.js';
import { PostEditForm } from './post-edit.js';
import { PostStatus } from './post-status.js';
import { PostSubscription } from './post-subscription.js';
import { nameOf } from './post-thread.js';
import { PostVoters } from './post-voters.js';
import { pageHref } from '../embed/mode.js';
import { ShippedIn } from './post-shipped.js';
import { MergeDialog } from '../components/merge-dialog.js';
import { MergedHere, MergedNote, rememberMergeArrival, takeMergeArrival } from './post-merged.js';

/** One idea: its votes, description, voters and comments; edit, delete and merge for those allowed. */
export function PostPage() {
  const { params } = useRoute();
  const slug = params.slug ?? '';
  const post = useLoad(() => getPostBySlug(slug), [slug]);
  useMergedRedirect(post.data, slug);
  if (post.error instanceof ApiError && post.error.code === 'POST_NOT_FOUND') return <NotFoundPage what="idea" />;
  if (post.error) {
    return (
      <>
        <h1>{t('post.loadFailed')}</h1>
        <ErrorNotice error={post.error} onRetry={post.reload} />
      </>
    );
  }
  if (!post.data) return <Skeleton label={t('post.loading')} />;
  return <PostView key={post.data.postId} loaded={post.data} />;
}

/**
 * A merged post's old link answers its target (with `mergedFrom`): the address becomes the
 * target's, replacing the old one so Back does not return to it (and bounce here again).
 */
function useMergedRedirect(post: PostDetail | undefined, slug: string) {
  const location = useLocation();
  useEffect(() => {
    if (post?.mergedFrom && post.slug !== slug) location.route(pageHref(`/p/${post.slug}`), true);
  }, [post, slug]);
}

type Mode = 'read' | 'edit' | 'delete' | 'merge' | 'tags';

function PostView({ loaded }: { loaded: PostDetail }) {
  const location = useLocation();
  const [post, setPost] = useState(loaded);
  // Kept when the page reloads the target at its own address (without `mergedFrom`).
  const [mergedFrom] = useState(() => takeMergeArrival(loaded));
  // Unmerge moves comments back: the timeline starts again.
  const [timeline, setTimeline] = useState(0);
  const [mode, setMode] = useState<Mode>('read');
  const [announcement, setAnnouncement] = useState('');
  const [refocus, setRefocus] = useState(0);
  // A vote or a comment subscribes the visitor (unless they opted out): the subscription is read again after each.
  const [engaged, setEngaged] = useState(0);
  // A comment sent with a new status joins the timeline like one written below.
  const [statusComment, setStatusComment] = useState<Activity | null>(null);
  const engage = () => setEngaged((n) => n + 1);
  const trigger = useRef<HTMLButtonElement>(null);
  const tagsButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setPost(loaded), [loaded]);
  useEffect(() => setPageTitle(post.title), [post.title]);
  // After the edit form closes, focus goes back to the menu button (after any route change moved it to main).
  useEffect(() => {
    if (refocus > 0) trigger.current?.focus();
  }, [refocus]);

  const closeEdit = () => {
    setMode('read');
    setRefocus(refocus + 1);
  };
  const saved = (record: PostRecord) => {
    const { title, slug, contentMarkdown, updatedAt } = record;
    setPost({ ...post, title, slug, contentMarkdown, updatedAt });
    setAnnouncement(t('post.saved'));
    closeEdit();
    if (slug !== post.slug) location.route(pageHref(`/p/${slug}`), true);
  };
  const merged = (target: PostDetail) => {
    setMode('read');
    rememberMergeArrival(target);
    // The duplicate has no page of its own now: its address gives way to the target's.
    location.route(pageHref(`/p/${target.slug}`), true);
  };
  const unmerged = () => {
    getPostBySlug(post.slug).then(setPost, () => undefined);
    setTimeline((n) => n + 1);
  };
  const backToMenu = () => {
    setMode('read');
    trigger.current?.focus();
  };
  const leave = () => location.route(pageHref(post.board ? `/b/${encodeURIComponent(post.board.url)}` : '/'));

  return (
    <>
      <article class="post" aria-labelledby="post-title">
        <div class="post__head">
          <div class="post__vote">
            <VoteButton
              postId={post.postId}
              voters={post.voters}
              onChange={(voters: Voters) => {
                setPost({ ...post, voters });
                engage();
              }}
            />
          </div>
          <h1 id="post-title" class="post__title">
            {post.title}
          </h1>
          <PostMeta post={post} />
          <PostMenu post={post} triggerRef={trigger} onEdit={() => setMode('edit')} onDelete={() => setMode('delete')} onMerge={() => setMode('merge')} />
          <PostSubscription postId={post.postId} refresh={engaged} />
        </div>
        <PostTags post={post} onEdit={() => setMode('tags')} buttonRef={tagsButton} />
        {mergedFrom && <MergedNote from={mergedFrom} />}
        {post.approval === 'waiting' && (
          <p class="waiting-note">
            <span class="badge badge--waiting">{t('post.waitingBadge')}</span> {t('post.waitingNote')}
          </p>
        )}
        <ShippedIn postId={post.postId} />
        <p class="visually-hidden" role="status">
          {announcement}
        </p>
        {mode === 'edit' ? (
          <PostEditForm postId={post.postId} title={post.title} contentMarkdown={post.contentMarkdown} onSaved={saved} onCancel={closeEdit} />
        ) : (
          post.contentMarkdown && <Markdown class="post__body" source={post.contentMarkdown} />
        )}
        <MergedHere post={post} onUnmerged={unmerged} />
        <BoardVoters post={post} />
      </article>
      <PostStatus
        post={post}
        onStatus={(roadmap) => setPost((shown) => ({ ...shown, roadmap }))}
        onComment={(item) => {
          setStatusComment(item);
          engage();
        }}
      />
      <PostActivity key={timeline} postId={post.postId} added={statusComment} onCommented={engage} />
      {mode === 'delete' && (
        <ConfirmDialog
          question={t('post.deleteQuestion')}
          confirmLabel={t('post.delete')}
          pendingLabel={t('post.deleting')}
          onConfirm={() => deletePost(post.postId)}
          onDone={leave}
          onCancel={backToMenu}
        />
      )}
      {mode === 'merge' && <MergeDialog post={post} onMerged={merged} onClose={backToMenu} />}
      {mode === 'tags' && (
        <TagsDialog
          title={post.title}
          postId={post.postId}
          current={post.tags ?? []}
          onSaved={(tags) => {
            setPost((shown) => ({ ...shown, tags }));
            setMode('read');
            tagsButton.current?.focus();
          }}
          onClose={() => {
            setMode('read');
            tagsButton.current?.focus();
          }}
        />
      )}
    </>
  );
}

/** The post's tags, and for those who may assign tags a "Tags" button opening the choice (issue 31). */
function PostTags({ post, onEdit, buttonRef }: { post: PostDetail; onEdit: () => void; buttonRef: { current: HTMLButtonElement | null } }) {
  const session = useSession();
  const assigns = can(session, 'tag:assign');
  const tags = post.tags ?? [];
  if (tags.length === 0 && !assigns) return null;
  return (
    <div class="post__tags">
      <TagChips tags={tags} />
      {assigns && (
        <button ref={buttonRef} type="button" class="button button--quiet" onClick={onEdit}>
          {t('post.tags')}
        </button>
      )}
    </div>
  );
}

/** Status, board, author and age, in one line. */
function PostMeta({ post }: { post: PostDetail }) {
  return (
    <div class="meta post__meta">
      {post.roadmap && <StatusChip roadmap={post.roadmap} />}
      {post.board && (
        <a class="post__board" href={pageHref(`/b/${encodeURIComponent(post.board.url)}`)}>
          <span class="dot" style={{ background: `#${post.board.color}` }} aria-hidden="true" />
          {post.board.name}
        </a>
      )}
      <span class="post__author">
        <Avatar user={post.author} size={24} />
        {nameOf(post.author)}
      </span>
      <TimeAgo iso={post.createdAt} />
    </div>
  );
}

interface PostMenuProps {
  post: PostDetail;
  triggerRef: { current: HTMLButtonElement | null };
  onEdit: () => void;
  onDelete: () => void;
  onMerge: () => void;
}

/** The "…" menu, for the author and for those who may edit, delete or merge others' posts. */
function PostMenu({ post, triggerRef, onEdit, onDelete, onMerge }: PostMenuProps) {
  const session = useSession();
  const mine = session?.user.userId === post.author.userId;
  const actions: MenuAction[] = [];
  if (mine || can(session, 'post:update')) actions.push({ label: t('post.edit'), onSelect: onEdit });
  if (can(session, 'post:merge')) actions.push({ label: t('post.mergeInto'), onSelect: onMerge });
  if (mine || can(session, 'post:destroy')) actions.push({ label: t('post.delete'), onSelect: onDelete, danger: true });
  if (actions.length === 0) return null;
  return <ActionMenu label={t('post.actions')} actions={actions} triggerRef={triggerRef} />;
}

/** Voters, on boards that show them (the board's `view_voters`, API.md §3.10). */
function BoardVoters({ post }: { post: PostDetail }) {
  const boardUrl = post.board?.url ?? null;
  const board = useLoad(() => (boardUrl ? getBoard(boardUrl) : Promise.resolve(null)), [boardUrl]);
  if (!board.data?.view_voters) return null;
  return <PostVoters postId={post.postId} voters={post.voters} />;
}
