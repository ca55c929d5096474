/*
 * Merging duplicate posts, and unmerging (issue 30 §2, README "Merging duplicates"): the two routes
 * and the `mergedFrom` reference that `POST /posts/slug` and moved comments carry.
 */
import { answer, input, operation, type Paths, ref, type Schema, string, timestamp, uuid } from '../kit.js';
import { described } from './posts-fields.js';

/** A schema with keys that appear only in one case: listed, not required. */
export function withOptional(schema: Schema, extra: Record<string, Schema>): Schema {
  return {
    ...schema,
    properties: { ...(schema.properties as Record<string, Schema>), ...extra },
  };
}

export const mergeSchemas: Record<string, Schema> = {
  MergedFrom: answer(
    { postId: uuid, slug: string, title: string },
    'feedbackd’s extension (issue 30): a post merged into another, as it was named. Its old id and slug lead to the post it was merged into.',
  ),
  MergedPost: answer(
    { postId: uuid, slug: string, title: string, mergedAt: timestamp },
    'feedbackd’s extension (issue 30): a post merged into the one shown, and when; `POST /posts/{post_id}/unmerge` gives it back.',
  ),
};

const pathPost = {
  post_id: {
    schema: uuid,
    description:
      'The post’s `postId` (any hex case), live or merged. Not a UUID, unknown, or on a board hidden from the caller (posts of hidden boards are visible only with `board:read`): 404 `POST_NOT_FOUND`.',
  },
};

export const mergePaths: Paths = {
  '/posts/{post_id}/merge': {
    post: operation('post', {
      id: 'mergePost',
      summary: 'Merge a duplicate post into another',
      description:
        'The post becomes a duplicate of `into`, in one atomic write. Votes are united on the target, one per person (someone who voted on both keeps one vote); the post’s comments, replies and internal notes move to the target and carry `mergedFrom` in its activity; its followers (author, voters, commenters, subscribers) follow the target and each gets one notification mail, except the caller; the webhook event `post.merged` is sent. ' +
        'The merged post leaves every list, search, count and suggestion (`POST /posts/get`, `POST /posts/similar`, boards’ counts, the dashboard); `POST /posts/slug` with its old id or slug answers the target with `mergedFrom`. Its other routes answer 404 `POST_NOT_FOUND` until it is unmerged. ' +
        'Checks in order: the post (404), `post:merge` (403), `into` (400), into itself (400 `MERGE_INTO_SELF`), the target: unknown or hidden from the caller (404 `MERGE_TARGET_NOT_FOUND`), itself merged (409 `MERGE_TARGET_MERGED`); then the post already merged (409 `POST_ALREADY_MERGED`) and posts merged into it (409 `POST_HAS_MERGED_POSTS`: unmerge them first).',
      tag: 'Posts',
      section: 'README',
      auth: 'required',
      permission: '`post:merge`',
      pathParams: pathPost,
      body: input(
        {
          into: described(
            uuid,
            'The `postId` of the post to merge into (any hex case). Absent or `null`: 400 `VALIDATION_ERROR` "into is required"; anything but a UUID string: "into must be a UUID".',
          ),
        },
        ['into'],
      ),
      success: {
        200: {
          description: 'The target as `POST /posts/slug` shows it after the merge, with `mergedFrom` naming the merged post.',
          schema: answer({ post: withOptional(ref('PostDetail'), {}) }),
        },
      },
      errors: {
        404: ['POST_NOT_FOUND', 'MERGE_TARGET_NOT_FOUND'],
        403: ['NOT_ENOUGH_PERMISSION'],
        400: ['VALIDATION_ERROR', 'MERGE_INTO_SELF'],
        409: ['MERGE_TARGET_MERGED', 'POST_ALREADY_MERGED', 'POST_HAS_MERGED_POSTS'],
      },
    }),
  },
  '/posts/{post_id}/unmerge': {
    post: operation('post', {
      id: 'unmergePost',
      summary: 'Undo a merge',
      description:
        'Gives a merged post back exactly as it was: its own votes (those it had, minus those whose authors took their vote back on the target since), its comments and replies (with the replies written to them meanwhile), its subscriptions and its place in every list. ' +
        'The target keeps what was its own: someone who had voted on both keeps both votes. A board or roadmap deleted meanwhile reads as none. The body is ignored. ' +
        'Checks in order: the post (404), `post:merge` (403), not merged (409 `POST_NOT_MERGED`).',
      tag: 'Posts',
      section: 'README',
      auth: 'required',
      permission: '`post:merge`',
      pathParams: pathPost,
      success: {
        200: {
          description: 'The post given back, as `POST /posts/slug` shows it.',
          schema: answer({ post: ref('PostDetail') }),
        },
      },
      errors: {
        404: ['POST_NOT_FOUND'],
        403: ['NOT_ENOUGH_PERMISSION'],
        409: ['POST_NOT_MERGED'],
      },
    }),
  },
};
