import type { ServiceContext } from '../services/context.js';
import { createTag, deleteTag, listTags, updateTag } from '../services/tags/tags.js';
import type { TagView } from '../services/tags/views.js';
import { toTagView } from '../services/tags/views.js';
import { findTagRef } from './content-refs.js';
import type { OperationArgs, OperationTable } from './operations.js';
import { pickFields } from './pick-fields.js';
import { systemActor } from './system-actor.js';

/** The fields of `POST`/`PATCH /tags` a command may send, under the API's names. */
const TAG_FIELDS = ['name', 'color', 'public'] as const;

/**
 * `feedbackd tag …` (issue 31 §1): `tag` names a tag by id or name (any case); the other
 * arguments are the API's body fields, checked by the same services as `/api/v1/tags`. The system
 * may assign tags, so it sees the private ones too.
 */
export const TAG_OPERATIONS: OperationTable = {
  'tag.list': (ctx) => listTags(ctx, systemActor()),
  'tag.create': (ctx, args) => createTag(ctx, systemActor(), pickFields(args, TAG_FIELDS)),
  'tag.update': (ctx, args) => updateTagByRef(ctx, args),
  'tag.delete': (ctx, args) => deleteTagByRef(ctx, args),
};

async function updateTagByRef(ctx: ServiceContext, args: OperationArgs): Promise<TagView> {
  const tag = await findTagRef(ctx.storage, args.tag);
  return updateTag(ctx, systemActor(), tag.id, pickFields(args, TAG_FIELDS));
}

/** Deletes a tag and its links (the posts stay); answers with the tag as it was. */
async function deleteTagByRef(ctx: ServiceContext, args: OperationArgs): Promise<TagView> {
  const tag = await findTagRef(ctx.storage, args.tag);
  await deleteTag(ctx, systemActor(), tag.id);
  return toTagView(tag);
}
