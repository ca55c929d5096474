import test from 'ava';
import { TEAM_ROLE_ID } from '../../src/storage/seed.js';
import { createMember } from '../_helpers/personas.js';
import { commentAt, commentThrough, startStage } from './_comments.js';

/** `isTeam` of each entry's author in the post's activity, by comment body. */
async function teamByBody(server: Parameters<typeof commentThrough>[0], postId: string): Promise<Record<string, boolean>> {
  const response = await server.request('GET', `/posts/${postId}/activity?limit=100`);
  return Object.fromEntries(response.body.activity.map((entry: { comment: { body: string }; author: { isTeam: boolean } }) => [entry.comment.body, entry.author.isTeam]));
}

test('isTeam: the owner and holders of a role beyond @everyone answer for the team; members do not', async (t) => {
  const { server, owner, member, post } = await startStage(t);
  const custom = await createMember(server.ctx, { name: 'Mod', permissions: ['comment:create'] });
  const bare = await createMember(server.ctx, { name: 'Nobody', withoutEveryone: true, permissions: [] });
  const fromOwner = await commentThrough(server, owner.token, post.id, { body: 'owner' });
  const fromMember = await commentThrough(server, member.token, post.id, { body: 'member' });
  const fromCustom = await commentThrough(server, custom.token, post.id, { body: 'custom role' });
  t.true(fromOwner.author.isTeam, 'the creation answer says so');
  t.false(fromMember.author.isTeam);
  t.true(fromCustom.author.isTeam);
  // Someone holding no role at all (written straight to storage: they may not comment any more).
  await commentAt(server, bare.user, post, { body: 'no role', createdAt: new Date().toISOString() });
  t.deepEqual(await teamByBody(server, post.id), { owner: true, member: false, 'custom role': true, 'no role': false });
});

test('isTeam follows the Team role as it is given and taken, on old comments too', async (t) => {
  const { server, owner, member, post } = await startStage(t);
  const reply = await commentThrough(server, member.token, post.id, { body: 'before' });
  t.false(reply.author.isTeam);
  const given = await server.request('PUT', `/roles/${TEAM_ROLE_ID}/users/${member.user.id}`, { token: owner.token });
  t.is(given.status, 200);
  t.like(given.body, { name: 'Team', isSystem: false });
  const internal = await commentThrough(server, member.token, post.id, { body: 'note', is_internal: true });
  t.true(internal.author.isTeam, 'and the role lets them write internal notes');
  t.deepEqual(await teamByBody(server, post.id), { before: true });
  const taken = await server.request('DELETE', `/roles/${TEAM_ROLE_ID}/users/${member.user.id}`, { token: owner.token });
  t.is(taken.status, 204);
  t.deepEqual(await teamByBody(server, post.id), { before: false });
});
