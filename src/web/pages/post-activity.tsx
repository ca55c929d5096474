import { useEffect, useRef, useState } from 'preact/hooks';
import { addComment, deleteComment } from '../api/endpoints.js';
import type { Activity } from '../api/types.js';
import { CommentBox, type InternalChoice } from '../components/comment-box.js';
import { CommentItem, type CommentRights } from '../components/comment-item.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { t } from '../i18n/t.js';
import { signInHref, useOwnUrl } from '../sign-in-link.js';
import { can, type Session, useSession } from '../session.js';
import { useSite } from '../site.js';
import { type ActivityList, useActivity } from './post-activity-data.js';
import { ConfirmDialog } from './post-confirm.js';
import { threadIdsOf, threadsOf } from './post-thread.js';

/** What the viewer may see and write under a post, from the lab flag and their permissions. */
interface Abilities {
  /** Public comments are on (API.md §3.14); off, only internal notes are shown and written. */
  commentsOn: boolean;
  seesInternal: boolean;
  writesPublic: boolean;
  writesInternal: boolean;
}

function abilitiesOf(session: Session | null, commentsOn: boolean): Abilities {
  return {
    commentsOn,
    seesInternal: can(session, 'comment:view_internal'),
    writesPublic: commentsOn && can(session, 'comment:create'),
    writesInternal: can(session, 'comment:create_internal'),
  };
}

interface PostActivityProps {
  postId: string;
  /** A comment posted elsewhere on the page (with a new status), to show in the timeline. */
  added?: Activity | null;
  /** Told after the visitor posts a comment or reply (which subscribes them to the post). */
  onCommented?: () => void;
}

/** The post's comments as a timeline, with the comment box last; hidden when comments are off (except to the team). */
export function PostActivity({ postId, added, onCommented }: PostActivityProps) {
  const session = useSession();
  const site = useSite();
  if (session === undefined) return <Skeleton label={t('post.loadingComments')} />;
  const abilities = abilitiesOf(session, site?.labs.comments ?? true);
  if (!abilities.commentsOn && !abilities.seesInternal && !abilities.writesInternal) return null;
  // Signing in or out changes what is visible: the list starts again.
  return <Timeline key={`${postId}|${abilities.seesInternal}`} postId={postId} session={session} abilities={abilities} added={added} onCommented={onCommented} />;
}

interface TimelineProps {
  postId: string;
  added?: Activity | null;
  session: Session | null;
  abilities: Abilities;
  onCommented?: () => void;
}

function Timeline({ postId, session, abilities, added, onCommented }: TimelineProps) {
  const list = useActivity(postId, abilities.seesInternal);
  useEffect(() => {
    if (added) list.add(added);
  }, [added]);
  const [announcement, setAnnouncement] = useState('');
  const [focusId, setFocusId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ item: Activity; refocus: () => void } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = abilities.commentsOn ? list.items : list.items.filter((item) => item.comment.is_internal);
  const threads = threadsOf(shown);

  const post = async (body: string, internal: boolean, parent?: Activity) => {
    const item = await addComment(postId, { body, is_internal: internal, parent_id: parent?.comment.id ?? null });
    list.add(item);
    setFocusId(item.comment.id);
    setAnnouncement(parent ? t('post.replyPosted') : t('post.commentPosted'));
    onCommented?.();
  };
  const remove = async (item: Activity) => {
    await deleteComment(postId, item.comment.id);
    list.remove(threadIdsOf(item.comment.id, list.items));
  };
  const removed = () => {
    setDeleting(null);
    setAnnouncement(t('post.commentDeleted'));
    heading.current?.focus();
  };
  const replyInternal: InternalChoice | null = abilities.writesInternal ? { initial: false, forced: !abilities.writesPublic } : null;
  const commentOf = (item: Activity) => (
    <CommentItem
      postId={postId}
      item={item}
      rights={rightsOver(item, session, abilities)}
      replyInternal={replyInternal}
      focusOnMount={focusId === item.comment.id}
      onReply={(parent, body, internal) => post(body, internal, parent)}
      onEdited={(comment) => {
        list.update(comment);
        setAnnouncement(t('post.commentSaved'));
      }}
      onDeleteRequest={(target, refocus) => setDeleting({ item: target, refocus })}
    />
  );

  return (
    <section class="activity" aria-labelledby="activity-heading">
      <h2 id="activity-heading" ref={heading} tabIndex={-1}>
        {abilities.commentsOn ? t('post.comments') : t('post.internalNotes')}
      </h2>
      <p class="visually-hidden" role="status">
        {announcement}
      </p>
      <EarlierButton list={list} onLoaded={() => heading.current?.focus()} />
      {threads.length > 0 && (
        <ol class="timeline">
          {threads.map((thread) => (
            <li key={thread.root.id} class="timeline__thread">
              {commentOf(thread.root)}
              {thread.replies.length > 0 && (
                <ol class="timeline__replies">
                  {thread.replies.map((reply) => (
                    <li key={reply.id}>
                      {commentOf(reply)}
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ol>
      )}
      <ListState list={list} empty={threads.length === 0} emptyText={abilities.commentsOn ? t('post.noComments') : t('post.noInternalNotes')} />
      <Compose session={session} abilities={abilities} internal={replyInternal} onPost={(body, internal) => post(body, internal)} />
      {deleting && (
        <ConfirmDialog
          question={t('post.deleteCommentQuestion')}
          confirmLabel={t('post.delete')}
          pendingLabel={t('post.deleting')}
          onConfirm={() => remove(deleting.item)}
          onDone={removed}
          onCancel={() => {
            deleting.refocus();
            setDeleting(null);
          }}
        />
      )}
    </section>
  );
}

/** Edit and delete rights: `:any`, or `:own` on one's own comment (API.md §4.11.3–4). */
function rightsOver(item: Activity, session: Session | null, abilities: Abilities): CommentRights {
  const mine = session !== null && session.user.userId === item.author.userId;
  return {
    reply: abilities.writesPublic || abilities.writesInternal,
    edit: can(session, 'comment:update:any') || (mine && can(session, 'comment:update:own')),
    remove: can(session, 'comment:delete:any') || (mine && can(session, 'comment:delete:own')),
  };
}

/** "Show earlier comments" while older pages exist; focus goes to the heading when the last one is in. */
function EarlierButton({ list, onLoaded }: { list: ActivityList; onLoaded: () => void }) {
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (asked && !list.loading && !list.hasEarlier) onLoaded();
  }, [asked, list.loading, list.hasEarlier]);
  if (!list.hasEarlier) return null;
  return (
    <p class="load-more">
      <button
        type="button"
        class="button"
        disabled={list.loading}
        onClick={() => {
          setAsked(true);
          list.loadEarlier();
        }}
      >
        {list.loading ? t('post.loadingEarlier') : t('post.showEarlierComments')}
      </button>
    </p>
  );
}

function ListState({ list, empty, emptyText }: { list: ActivityList; empty: boolean; emptyText: string }) {
  if (list.error) return <ErrorNotice error={list.error} onRetry={list.retry} />;
  if (list.loading && empty) return <Skeleton rows={2} label={t('post.loadingComments')} />;
  if (empty) return <p class="muted">{emptyText}</p>;
  return null;
}

interface ComposeProps {
  session: Session | null;
  abilities: Abilities;
  internal: InternalChoice | null;
  onPost: (body: string, internal: boolean) => Promise<void>;
}

/** The comment box, or the way to sign in for it. */
function Compose({ session, abilities, internal, onPost }: ComposeProps) {
  const here = useOwnUrl();
  if (session === null) {
    if (!abilities.commentsOn) return null;
    return (
      <p class="activity__sign-in">
        <a class="button" href={signInHref(here)}>
          {t('post.signInToComment')}
        </a>
      </p>
    );
  }
  if (!abilities.writesPublic && !abilities.writesInternal) return null;
  return (
    <div class="activity__compose">
      <h3 class="activity__compose-title">{abilities.commentsOn ? t('post.addComment') : t('post.addInternalNote')}</h3>
      <CommentBox id="comment-new" label={t('post.commentLabel')} submitLabel={t('post.commentSubmit')} pendingLabel={t('post.posting')} internal={internal} onSubmit={onPost} />
    </div>
  );
}
