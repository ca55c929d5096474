import { validationError } from '../errors.js';
import { searchWords, similarityWords } from '../text/search-words.js';
import type { ServiceContext, Viewer } from './context.js';
import { can } from './permissions.js';
import type { PostView } from './post-views.js';
import { renderPosts, TITLE_RULE } from './posts.js';
import { type Body, codePointLength, integerInRange, optionalString, optionalUuid } from './validation/fields.js';
import { isVisibleBoard } from './visibility.js';

/**
 * API.md §8.2: the few visible posts most like a title being typed. Only words of 3 or more code
 * points that are not stop words count, so a title without any finds nothing.
 */
export async function similarPosts(ctx: ServiceContext, viewer: Viewer, body: Body): Promise<PostView[]> {
  const title = parseTitle(body.title);
  const boardId = optionalUuid(body.boardId, 'boardId');
  const limit = integerInRange(body.limit, 'limit', 1, 10, 5);
  const words = similarityWords(title);
  if (words.length === 0) return [];
  const { storage } = ctx;
  if (boardId && !isVisibleBoard(viewer, await storage.boards.get(boardId))) return [];
  const posts = await storage.posts.similar({
    words,
    titleWords: searchWords(title),
    ...(boardId ? { boardId } : {}),
    visibleBoardsOnly: !can(viewer, 'board:read'),
    limit,
  });
  return renderPosts(ctx, viewer, posts);
}

/** Row 1 of §8.2: a string, trimmed, 1..200 code points. */
function parseTitle(value: unknown): string {
  const title = optionalString(value, 'title')?.trim();
  if (!title) throw validationError('title', 'is required');
  if (codePointLength(title) > TITLE_RULE.max) throw validationError('title', `cannot exceed ${TITLE_RULE.max} characters`);
  return title;
}
