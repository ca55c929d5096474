/*
 * feedbackd's tag routes (issue 31 §1, documented in README.md): the owner's labels for posts,
 * public or private, and the tags of a post.
 */
import { answer, arrayOf, boolean, input, type OperationSpec, operation, type Paths, ref, type Schema, timestamp, uuid } from '../kit.js';

const TAG = 'Tags';

function tagOperation(spec: Omit<OperationSpec, 'tag' | 'section'>): OperationSpec {
  return { ...spec, tag: TAG, section: 'README' };
}

const FIELD_ORDER =
  'the fields in the order `name` (400 `TAG_NAME_MISSING`, `TAG_NAME_TOO_LONG`; not a string: `VALIDATION_ERROR` "name must be a string"), `color` (400 `TAG_COLOR_HEX_LENGTH`, `TAG_COLOR_HEX_CHAR`; not a string: `VALIDATION_ERROR` "color must be a string"), `public` (400 `VALIDATION_ERROR` "public must be a boolean"), then a name another tag has in any case (409 `TAG_EXISTS`)';

const tagIdParam = { schema: uuid, description: 'The tag’s id.' };
const tagAnswer = answer({ tag: ref('Tag') });
const color: Schema = {
  type: 'string',
  pattern: '^#?[0-9a-fA-F]{6}$',
  description: '6 hex digits, as boards’ and roadmaps’ colours; a leading `#` is accepted and dropped; stored lower-case.',
};

function tagFields(mode: 'create' | 'patch'): Record<string, Schema> {
  return {
    name: { type: 'string', minLength: 1, maxLength: 40, description: 'Trimmed; 1..40 characters; unique ignoring case.' },
    color: { ...color, description: `${color.description}${mode === 'create' ? ' Absent: a random colour.' : ''}` },
    public: { type: 'boolean', description: `Public tags are seen by everyone; private ones only by holders of \`tag:assign\`.${mode === 'create' ? ' Absent: true.' : ''}` },
  };
}

export const tagPaths: Paths = {
  '/tags': {
    get: operation(
      'get',
      tagOperation({
        id: 'listTags',
        summary: 'List tags',
        description: 'Every public tag, and the private ones too for holders of `tag:assign`; by name ignoring case.',
        auth: 'optional',
        success: { 200: { description: 'The tags.', schema: answer({ tags: arrayOf(ref('Tag')) }) } },
        errors: {},
      }),
    ),
    post: operation(
      'post',
      tagOperation({
        id: 'createTag',
        summary: 'Create a tag',
        description: `Checks, in order: the permission (403), ${FIELD_ORDER}.`,
        auth: 'required',
        permission: '`tag:create`',
        body: input(tagFields('create'), ['name']),
        success: { 201: { description: 'The new tag.', schema: tagAnswer } },
        errors: { 403: ['NOT_ENOUGH_PERMISSION'], 400: ['TAG_NAME_MISSING', 'TAG_NAME_TOO_LONG', 'TAG_COLOR_HEX_LENGTH', 'TAG_COLOR_HEX_CHAR', 'VALIDATION_ERROR'], 409: ['TAG_EXISTS'] },
      }),
    ),
  },
  '/tags/{tag_id}': {
    patch: operation(
      'patch',
      tagOperation({
        id: 'updateTag',
        summary: 'Change a tag',
        description: `Writes the fields sent (rename, colour, public or private) and sets \`updatedAt\`; omitted fields stay as they are. Checks, in order: the permission (403), the tag (404 \`TAG_NOT_FOUND\`), then ${FIELD_ORDER}.`,
        auth: 'required',
        permission: '`tag:update`',
        pathParams: { tag_id: tagIdParam },
        body: input(tagFields('patch')),
        success: { 200: { description: 'The tag as it is now.', schema: tagAnswer } },
        errors: {
          403: ['NOT_ENOUGH_PERMISSION'],
          404: ['TAG_NOT_FOUND'],
          400: ['TAG_NAME_MISSING', 'TAG_NAME_TOO_LONG', 'TAG_COLOR_HEX_LENGTH', 'TAG_COLOR_HEX_CHAR', 'VALIDATION_ERROR'],
          409: ['TAG_EXISTS'],
        },
      }),
    ),
    delete: operation(
      'delete',
      tagOperation({
        id: 'deleteTag',
        summary: 'Remove a tag',
        description: 'Removes the tag from every post, then the tag; the posts stay. The permission check comes first (403), then the tag (404).',
        auth: 'required',
        permission: '`tag:destroy`',
        pathParams: { tag_id: tagIdParam },
        success: { 204: { description: 'Removed; no body.' } },
        errors: { 403: ['NOT_ENOUGH_PERMISSION'], 404: ['TAG_NOT_FOUND'] },
      }),
    ),
  },
  '/posts/{post_id}/tags': {
    put: operation(
      'put',
      tagOperation({
        id: 'setPostTags',
        summary: 'Set a post’s tags',
        description:
          'The post carries exactly the tags named afterwards (public and private alike), each once; `[]` removes them all. ' +
          'Checks, in order: the permission (403), the post (404 `POST_NOT_FOUND` when missing or on a board hidden from the caller), `tags` (400 `VALIDATION_ERROR`: "tags must be an array", "tags.<index> must be a UUID", "tags must contain at most 50 items"), then each tag (404 `TAG_NOT_FOUND` when one does not exist).',
        auth: 'required',
        permission: '`tag:assign`',
        pathParams: { post_id: { schema: uuid, description: 'The post’s id.' } },
        body: input({ tags: arrayOf(uuid, { maxItems: 50, description: 'The ids of every tag the post is to carry.' }) }, ['tags']),
        success: { 200: { description: 'The post’s tags now, by name.', schema: answer({ tags: arrayOf(ref('TagRef')) }) } },
        errors: { 403: ['NOT_ENOUGH_PERMISSION'], 404: ['POST_NOT_FOUND', 'TAG_NOT_FOUND'], 400: ['VALIDATION_ERROR'] },
      }),
    ),
  },
};

export const tagSchemas: Record<string, Schema> = {
  Tag: answer(
    {
      tagId: uuid,
      name: { type: 'string', minLength: 1, maxLength: 40 },
      color: { type: 'string', pattern: '^[0-9a-f]{6}$', description: '6 lower-case hex digits, no #' },
      public: boolean,
      createdAt: timestamp,
      updatedAt: timestamp,
    },
    'A tag (issue 31): private ones (`public: false`) are seen only by holders of `tag:assign`.',
  ),
  TagRef: answer(
    { tagId: uuid, name: { type: 'string', minLength: 1, maxLength: 40 }, color: { type: 'string', pattern: '^[0-9a-f]{6}$', description: '6 lower-case hex digits, no #' } },
    'A tag as a post carries it (API.md §8.9).',
  ),
};
