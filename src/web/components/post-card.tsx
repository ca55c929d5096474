import type { Post } from '../api/types.js';
import { plainExcerpt } from '../format.js';
import { t } from '../i18n/t.js';
import { StatusChip } from './status-chip.js';
import { TagChips } from './tag-chips.js';
import { TimeAgo } from './time-ago.js';
import { VoteButton } from './vote-button.js';
import { pageHref } from '../embed/mode.js';

interface PostCardProps {
  post: Post;
  /** Name the post's board: in lists that span boards. */
  showBoard?: boolean;
  /** Name the post's author: not in a list of the visitor's own posts. */
  showAuthor?: boolean;
}

/** One post in a list: vote button, title link, excerpt, and a meta line. */
export function PostCard({ post, showBoard = false, showAuthor = true }: PostCardProps) {
  const excerpt = plainExcerpt(post.contentMarkdown);
  return (
    <li class="post-card">
      <VoteButton postId={post.postId} voters={post.voters} />
      <div class="post-card__body">
        <h3 class="post-card__title">
          <a href={pageHref(`/p/${post.slug}`)}>{post.title}</a>
        </h3>
        {excerpt && <p class="post-card__excerpt">{excerpt}</p>}
        {post.tags && <TagChips tags={post.tags} />}
        <div class="meta">
          {post.roadmap && <StatusChip roadmap={post.roadmap} />}
          {post.approval === 'waiting' && <span class="badge badge--waiting">{t('board.waitingForApproval')}</span>}
          {showBoard && post.board && <span>{post.board.name}</span>}
          {/* Nothing at 0: "No comments" on most cards of a young board would only add noise. */}
          {post.commentsCount > 0 && <span>{t('board.commentCount', { count: post.commentsCount })}</span>}
          {showAuthor && <span>{post.author.name || post.author.username}</span>}
          <TimeAgo iso={post.createdAt} />
        </div>
      </div>
    </li>
  );
}
