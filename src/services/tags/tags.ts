/*
 * Tags (issue 31 §1): the owner's labels for posts, public or private. Every write is one
 * transaction in the order the OpenAPI document states: permission (403), tag or post (404),
 * fields (400), name taken (409) or unknown tags (404).
 */
import { randomUUID } from 'node:crypto';
import { appError } from '../../errors.js';
import { type Repositories, type TagRow, UniqueViolation } from '../../storage/types.js';
import type { Actor, ServiceContext, Viewer } from '../context.js';
import { requirePermission } from '../permissions.js';
import { findVisiblePost } from '../post-lookup.js';
import { type Body, lookupKey } from '../validation/fields.js';
import { parseTagFields, parseTagIds, type TagFields } from './input.js';
import { type TagRef, type TagView, tagsOfPosts, toTagView, visibleTags } from './views.js';

/** `GET /tags`: the public tags, and the private ones too for those who may assign tags; by name. */
export async function listTags(ctx: ServiceContext, viewer: Viewer): Promise<TagView[]> {
  return (await visibleTags(ctx.storage, viewer)).map(toTagView);
}

/** `POST /tags`. */
export async function createTag(ctx: ServiceContext, actor: Actor, body: Body): Promise<TagView> {
  requirePermission(actor, 'tag:create');
  const fields = parseTagFields(body, 'create');
  return ctx.storage.transaction(async (tx) => {
    await requireFreeName(tx, fields.name!, undefined);
    const now = new Date().toISOString();
    const tag: TagRow = { id: randomUUID(), name: fields.name!, color: fields.color!, public: fields.public!, createdAt: now, updatedAt: now };
    return toTagView(await uniqueName(() => tx.tags.insert(tag)));
  });
}

/** `PATCH /tags/:tag_id`: the fields sent. */
export async function updateTag(ctx: ServiceContext, actor: Actor, id: string, body: Body): Promise<TagView> {
  requirePermission(actor, 'tag:update');
  return ctx.storage.transaction(async (tx) => {
    const tag = await findTag(tx, id);
    const fields: TagFields = parseTagFields(body, 'patch');
    if (fields.name !== undefined) await requireFreeName(tx, fields.name, tag.id);
    const updated = await uniqueName(() => tx.tags.update(tag.id, { ...fields, updatedAt: new Date().toISOString() }));
    return toTagView(updated);
  });
}

/** `DELETE /tags/:tag_id`: the tag and its links; the posts stay. */
export async function deleteTag(ctx: ServiceContext, actor: Actor, id: string): Promise<void> {
  requirePermission(actor, 'tag:destroy');
  await ctx.storage.transaction(async (tx) => {
    const tag = await findTag(tx, id);
    await tx.postTags.deleteByTag(tag.id);
    await tx.tags.delete(tag.id);
  });
}

/**
 * `PUT /posts/:post_id/tags`: the post carries exactly these tags afterwards (private ones
 * included: whoever may assign tags sees them). Answers the post's tags, by name.
 */
export async function setPostTags(ctx: ServiceContext, actor: Actor, postId: string, body: Body): Promise<TagRef[]> {
  requirePermission(actor, 'tag:assign');
  return ctx.storage.transaction(async (tx) => {
    const post = await findVisiblePost(tx, actor, lookupKey(postId));
    const tagIds = parseTagIds(body.tags);
    const known = await tx.tags.getMany(tagIds);
    if (tagIds.some((tagId) => !known.has(tagId))) throw appError('TAG_NOT_FOUND');
    const wanted = new Set(tagIds);
    const links = await tx.postTags.listByPosts([post.id]);
    for (const link of links) if (!wanted.has(link.tagId)) await tx.postTags.delete(link.id);
    const had = new Set(links.map((link) => link.tagId));
    const now = new Date().toISOString();
    for (const tagId of tagIds) if (!had.has(tagId)) await tx.postTags.insert({ id: randomUUID(), postId: post.id, tagId, createdAt: now });
    return (await tagsOfPosts(tx, actor, [post.id])).get(post.id) ?? [];
  });
}

async function findTag(repos: Repositories, id: string): Promise<TagRow> {
  const key = lookupKey(id);
  const tag = key === undefined ? undefined : await repos.tags.get(key);
  if (!tag) throw appError('TAG_NOT_FOUND');
  return tag;
}

/** 409 TAG_EXISTS when another tag has the name in any case. */
async function requireFreeName(repos: Repositories, name: string, ownId: string | undefined): Promise<void> {
  const holder = await repos.tags.getByName(name);
  if (holder && holder.id !== ownId) throw appError('TAG_EXISTS');
}

/** Two writers racing for one name: the second one's unique violation is the same 409. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof UniqueViolation && error.constraint === 'tags.name') throw appError('TAG_EXISTS');
    throw error;
  }
}
