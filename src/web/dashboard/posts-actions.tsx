import { deletePost } from '../api/endpoints.js';
import type { Post, PostDetail, PostRecord, Voters } from '../api/types.js';
import { MergeDialog } from '../components/merge-dialog.js';
import { countOf } from '../format.js';
import { ConfirmDialog } from '../pages/post-confirm.js';
import { PostEditForm } from '../pages/post-edit.js';
import { ModalDialog } from './modal-dialog.js';
import type { PostAction } from './posts-row.js';
import { VoteForUser } from './posts-vote.js';

/** A row action under way: what, on which post, and the "…" button focus returns to. */
export interface OpenAction {
  action: PostAction;
  post: Post;
  trigger: HTMLButtonElement | null;
}

interface PostActionDialogProps {
  open: OpenAction;
  /** The post as the API now stores it (edited, voted for). */
  onChanged: (post: Post, announcement: string) => void;
  onDeleted: (post: Post) => void;
  /** `post` was merged into `target`: its row goes, the target's changes. */
  onMerged: (post: Post, target: PostDetail) => void;
  /** The dialog closed; focus goes back to the row. */
  onClose: () => void;
}

/** The dialog of a row action: edit the title and description, vote for a user, merge, or confirm a delete. */
export function PostActionDialog({ open, onChanged, onDeleted, onMerged, onClose }: PostActionDialogProps) {
  const { post } = open;
  if (open.action === 'merge') return <MergeDialog post={post} onMerged={(target) => onMerged(post, target)} onClose={onClose} />;
  if (open.action === 'delete') {
    return (
      <ConfirmDialog
        question={`Delete the idea “${post.title}” and its ${countOf(post.voters.votesCount, 'vote', 'votes')} and comments?`}
        confirmLabel="Delete idea"
        pendingLabel="Deleting…"
        onConfirm={() => deletePost(post.postId)}
        onDone={() => onDeleted(post)}
        onCancel={onClose}
      />
    );
  }
  if (open.action === 'vote') {
    const voted = (voters: Voters) => onChanged({ ...post, voters: { ...post.voters, votesCount: voters.votesCount } }, '');
    return <VoteForUser post={post} onVoted={voted} onClose={onClose} />;
  }
  const saved = ({ title, slug, contentMarkdown, updatedAt }: PostRecord) => {
    onChanged({ ...post, title, slug, contentMarkdown, updatedAt }, `Saved “${title}”.`);
    onClose();
  };
  return (
    <ModalDialog title="Edit idea" onClose={onClose}>
      <PostEditForm postId={post.postId} title={post.title} contentMarkdown={post.contentMarkdown} onSaved={saved} onCancel={onClose} />
    </ModalDialog>
  );
}
