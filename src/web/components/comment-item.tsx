import { useEffect, useRef, useState } from 'preact/hooks';
import { editComment } from '../api/endpoints.js';
import type { Activity, Comment } from '../api/types.js';
import { Avatar } from './avatar.js';
import { CommentBox, type InternalChoice } from './comment-box.js';
import { Markdown } from './markdown.js';
import { TimeAgo } from './time-ago.js';
import { t } from '../i18n/t.js';

/** What the viewer may do with one comment (the API stays the authority). */
export interface CommentRights {
  reply: boolean;
  edit: boolean;
  remove: boolean;
}

interface CommentItemProps {
  postId: string;
  item: Activity;
  rights: CommentRights;
  /** The internal-note switch for a reply, when the viewer may write internal notes. */
  replyInternal: InternalChoice | null;
  /** Move focus here on mount: the comment was just posted. */
  focusOnMount: boolean;
  onReply: (parent: Activity, body: string, internal: boolean) => Promise<void>;
  onEdited: (comment: Comment) => void;
  /** Asks to delete (the caller confirms); `refocus` gives focus back to the Delete button if it does not happen. */
  onDeleteRequest: (item: Activity, refocus: () => void) => void;
}

const nameOf = (user: { name: string; username: string }) => user.name || user.username;

/** One comment as an article: author, time, text, and Reply / Edit / Delete for those allowed. */
export function CommentItem(props: CommentItemProps) {
  const { postId, item, rights } = props;
  const { comment, author } = item;
  const [mode, setMode] = useState<'read' | 'reply' | 'edit'>('read');
  const article = useRef<HTMLElement>(null);
  const replyButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState<{ to: 'reply' | 'edit' } | null>(null);
  useEffect(() => {
    if (props.focusOnMount) article.current?.focus();
  }, []);
  // Focus returns to the button that opened a box once the box is gone (and that button is back).
  useEffect(() => {
    if (refocus) (refocus.to === 'reply' ? replyButton : editButton).current?.focus();
  }, [refocus]);

  const name = nameOf(author);
  const close = (to: 'reply' | 'edit') => {
    setMode('read');
    setRefocus({ to });
  };
  const saveEdit = async (body: string) => {
    const { comment: saved } = await editComment(postId, comment.id, body);
    props.onEdited(saved);
    close('edit');
  };
  const sendReply = async (body: string, internal: boolean) => {
    await props.onReply(item, body, internal);
    setMode('read');
  };
  const ids = `comment-${comment.id}`;

  return (
    <article
      ref={article}
      id={ids}
      class={`comment${comment.is_internal ? ' comment--internal' : ''}`}
      aria-labelledby={`${ids}-author ${ids}-time`}
      tabIndex={-1}
    >
      <header class="comment__head">
        <Avatar user={author} size={28} />
        <span id={`${ids}-author`} class="comment__author">
          {name}
        </span>
        {author.isTeam && <span class="badge badge--team">{t('board.commentTeam')}</span>}
        <span id={`${ids}-time`} class="comment__time">
          <TimeAgo iso={comment.created_at} />
        </span>
        {comment.is_edited && <span class="comment__edited">{t('board.commentEdited')}</span>}
        {comment.is_internal && <span class="badge badge--internal">{t('board.commentInternal')}</span>}
        {comment.approval === 'waiting' && <span class="badge badge--waiting">{t('board.waitingForApproval')}</span>}
        {comment.approval === 'spam' && <span class="badge badge--waiting">{t('board.commentSpam')}</span>}
        {comment.mergedFrom && <span class="comment__from">{t('board.commentMergedFrom', { title: comment.mergedFrom.title })}</span>}
      </header>
      {mode === 'edit' ? (
        <CommentBox
          id={`${ids}-edit`}
          label={t('board.commentEditLabel')}
          submitLabel={t('board.save')}
          pendingLabel={t('board.saving')}
          initialBody={comment.body}
          onSubmit={saveEdit}
          onCancel={() => close('edit')}
          focusOnOpen
        />
      ) : (
        <Markdown class="comment__body" source={comment.body} />
      )}
      {mode !== 'edit' && (
        <div class="comment__actions">
          {rights.reply && (
            <button ref={replyButton} type="button" class="link-button" aria-label={t('board.commentReplyTo', { name })} aria-expanded={mode === 'reply'} onClick={() => setMode(mode === 'reply' ? 'read' : 'reply')}>
              {t('board.commentReply')}
            </button>
          )}
          {rights.edit && (
            <button ref={editButton} type="button" class="link-button" aria-label={t('board.commentEditBy', { name })} onClick={() => setMode('edit')}>
              {t('board.commentEdit')}
            </button>
          )}
          {rights.remove && (
            <button
              ref={deleteButton}
              type="button"
              class="link-button link-button--danger"
              aria-label={t('board.commentDeleteBy', { name })}
              onClick={() => props.onDeleteRequest(item, () => deleteButton.current?.focus())}
            >
              {t('board.commentDelete')}
            </button>
          )}
        </div>
      )}
      {mode === 'reply' && (
        <CommentBox
          id={`${ids}-reply`}
          label={t('board.commentReplyTo', { name })}
          submitLabel={t('board.commentPostReply')}
          pendingLabel={t('board.posting')}
          internal={props.replyInternal && { ...props.replyInternal, initial: props.replyInternal.initial || comment.is_internal }}
          onSubmit={sendReply}
          onCancel={() => close('reply')}
          focusOnOpen
        />
      )}
    </article>
  );
}
