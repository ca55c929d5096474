/*
 * Field and parameter schemas shared by the post, vote and comment operations (API.md §4.4, §4.5,
 * §4.11, §8.1, §8.2), so a rule such as "a post id that is not a UUID answers 404" is written once.
 */
import { arrayOf, nullable, type QueryParameter, type Schema, uuid } from '../kit.js';

/** A schema with a description a client developer reads next to the field. */
export const described = (schema: Schema, description: string): Schema => ({
  ...schema,
  description,
});

/** A digit string, the other spelling of an integer that `POST /posts/get` and `/posts/similar` accept. */
const digitString: Schema = { type: 'string', pattern: '^[0-9]+$' };

/** An integer field of a body that also takes a digit string; null and `""` count as absent. */
export function bodyInteger(minimum: number, maximum: number, fallback: number, description: string): Schema {
  return {
    anyOf: [{ type: 'integer', minimum, maximum }, digitString, { type: 'null' }],
    default: fallback,
    description: `${description} An integer ${minimum}..${maximum}, as a JSON number or a digit string (\`"2"\`); \`null\` and \`""\` count as absent (default ${fallback}). Anything else: 400 \`VALIDATION_ERROR\` "<field> must be an integer between ${minimum} and ${maximum}".`,
  };
}

/** `post_id` in a path: a lookup key, so a malformed value is an unknown post, not a 400. */
export const postIdPath: Record<string, QueryParameter> = {
  post_id: {
    schema: uuid,
    description:
      'The post’s `postId` (any hex case). Not a UUID, unknown, or on a board hidden from the caller (hidden boards and their posts are visible only with `board:read`): 404 `POST_NOT_FOUND`.',
  },
};

/** The body field naming the target post of `PATCH`/`DELETE /posts` (API.md §1.4 lookup key). */
export const targetPostFields: Record<string, Schema> = {
  id: described(
    uuid,
    'The post to change. Wins over `postId` when both are sent. Any value that is not a UUID string (whatever its type), an unknown post or one hidden from the caller: 404 `POST_NOT_FOUND`.',
  ),
  postId: described(uuid, 'Alias of `id`, read when `id` is absent.'),
};

/** One of `id`/`postId` must be sent; without either the route answers 404 `POST_NOT_FOUND`. */
export const targetPostRequired: Schema = {
  anyOf: [{ required: ['id'] }, { required: ['postId'] }],
};

/** The post body fields of create and update (API.md §4.4.3 rows 3–11). */
export const postTitle = (extra: string): Schema =>
  described(
    { type: 'string', minLength: 1, maxLength: 200 },
    `Trimmed; 1..200 characters after trimming. Not a string: 400 \`VALIDATION_ERROR\` "title must be a string"; ${extra} blank after trimming: 400 \`POST_TITLE_MISSING\`; longer: 400 \`POST_TITLE_TOO_LONG\`. The slug is made from it (see \`POST /posts\`); on update a new title gives a new slug with the same \`slugId\`.`,
  );

export const postContent: Schema = described(
  nullable({ type: 'string', maxLength: 50_000 }),
  'Markdown, stored verbatim (neither trimmed nor escaped, never rendered by the server). Empty or whitespace-only is stored as `null`. Over 50,000 characters: 400 `POST_CONTENT_TOO_LONG`.',
);

export const postBoardId = (effect: string): Schema =>
  described(
    nullable(uuid),
    `${effect} \`""\` counts as \`null\`. Not a UUID: 400 \`VALIDATION_ERROR\` "boardId must be a UUID"; unknown, or hidden and the caller lacks \`board:read\`: 404 \`BOARD_NOT_FOUND\`.`,
  );

export const postRoadmapId = (effect: string): Schema =>
  described(
    nullable(uuid),
    `${effect} \`""\` counts as \`null\`. Not a UUID: 400 \`VALIDATION_ERROR\` "roadmapId must be a UUID"; unknown, or hidden and the caller lacks \`roadmap:read\`: 404 \`ROADMAP_NOT_FOUND\`.`,
  );

/** Fields a LogChimp client sends that feedbackd accepts and ignores. */
export const ignored = (why: string): Schema => ({
  description: `Ignored: ${why}`,
});

/** The `boardId` filter of `POST /posts/get`: an array of board ids. */
export const boardIdFilter: Schema = described(
  nullable(arrayOf(uuid, { maxItems: 100 })),
  'Only posts on these boards; `[]`, `null` or `""` = every board the caller can see. At most 100 items, each a UUID (400 `VALIDATION_ERROR` "boardId must be an array" / "boardId.<i> must be a UUID" / "boardId must contain at most 100 items"). Unknown boards and boards hidden from the caller match nothing.',
);
