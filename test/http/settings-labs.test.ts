import test from 'ava';
import { createMember, createPostAt } from '../_helpers/personas.js';
import { DEFAULT_SITE_SETTINGS, FORBIDDEN, MISSING_HEADER, startSite, validationError } from './_settings.js';

test('a new install answers the default labs to anyone', async (t) => {
  const { server } = await startSite(t);
  const response = await server.request('GET', '/settings/labs', { headers: { authorization: 'garbage' } });
  t.is(response.status, 200);
  t.deepEqual(response.body, { labs: { comments: true, voteOnBehalf: false } });
  t.deepEqual(Object.keys(response.body.labs), ['comments', 'voteOnBehalf']);
});

test('PATCH merges the sent flags into the stored ones; GET of labs and of site settings show them', async (t) => {
  const site = await startSite(t);
  const steps: Array<[object, object]> = [
    [{ voteOnBehalf: true }, { comments: true, voteOnBehalf: true }],
    [{ comments: false }, { comments: false, voteOnBehalf: true }],
    [{}, { comments: false, voteOnBehalf: true }],
    [{ comments: true, voteOnBehalf: false }, { comments: true, voteOnBehalf: false }],
    [{ comments: false, voteOnBehalf: true }, { comments: false, voteOnBehalf: true }],
  ];
  for (const [body, labs] of steps) {
    const response = await site.patch('/settings/labs', body);
    t.is(response.status, 200, JSON.stringify(body));
    t.deepEqual(response.body, { labs }, JSON.stringify(body));
    t.deepEqual((await site.server.request('GET', '/settings/labs')).body, { labs });
    t.deepEqual((await site.settings()).labs, labs);
  }
  t.deepEqual(await site.settings(), { ...DEFAULT_SITE_SETTINGS, labs: { comments: false, voteOnBehalf: true } });
});

test('other keys are ignored: neither stored in labs nor written to the site settings', async (t) => {
  const site = await startSite(t);
  const response = await site.patch('/settings/labs', { title: 'Nope', allowSignup: false, experiments: true, voteOnBehalf: true });
  t.is(response.status, 200);
  t.deepEqual(response.body, { labs: { comments: true, voteOnBehalf: true } });
  t.deepEqual(await site.settings(), { ...DEFAULT_SITE_SETTINGS, labs: { comments: true, voteOnBehalf: true } });
  t.deepEqual((await site.server.ctx.storage.settings.get()).labs, { comments: true, voteOnBehalf: true });
});

test('error rows: strict booleans in table order, labs unchanged after each refusal', async (t) => {
  const site = await startSite(t);
  await site.patch('/settings/labs', { comments: false, voteOnBehalf: true });
  const cases: Array<[object, object]> = [
    [{ comments: 'true' }, validationError('comments', 'comments must be a boolean')],
    [{ comments: 1 }, validationError('comments', 'comments must be a boolean')],
    [{ comments: null }, validationError('comments', 'comments must be a boolean')],
    [{ voteOnBehalf: 'false' }, validationError('voteOnBehalf', 'voteOnBehalf must be a boolean')],
    [{ voteOnBehalf: 0 }, validationError('voteOnBehalf', 'voteOnBehalf must be a boolean')],
    [{ voteOnBehalf: null }, validationError('voteOnBehalf', 'voteOnBehalf must be a boolean')],
    [{ voteOnBehalf: 'x', comments: [] }, validationError('comments', 'comments must be a boolean')],
    // The valid flag is not written beside the invalid one.
    [{ comments: true, voteOnBehalf: 'no' }, validationError('voteOnBehalf', 'voteOnBehalf must be a boolean')],
  ];
  for (const [body, error] of cases) {
    const response = await site.patch('/settings/labs', body);
    t.is(response.status, 400, JSON.stringify(body));
    t.deepEqual(response.body, error, JSON.stringify(body));
    t.deepEqual((await site.server.request('GET', '/settings/labs')).body, { labs: { comments: false, voteOnBehalf: true } });
  }
});

test('PATCH needs a token and settings:update, checked before the body', async (t) => {
  const { server } = await startSite(t);
  const anonymous = await server.request('PATCH', '/settings/labs', { body: { voteOnBehalf: true } });
  t.is(anonymous.status, 401);
  t.deepEqual(anonymous.body, MISSING_HEADER);
  const member = await createMember(server.ctx, { permissions: ['settings:read', 'vote:assign'] });
  for (const body of [{ voteOnBehalf: true }, { voteOnBehalf: 'x' }]) {
    const refused = await server.request('PATCH', '/settings/labs', { token: member.token, body });
    t.is(refused.status, 403);
    t.deepEqual(refused.body, FORBIDDEN);
  }
  t.deepEqual((await server.request('GET', '/settings/labs')).body.labs, DEFAULT_SITE_SETTINGS.labs);
  const admin = await createMember(server.ctx, { permissions: ['settings:update'] });
  const allowed = await server.request('PATCH', '/settings/labs', { token: admin.token, body: { voteOnBehalf: true } });
  t.is(allowed.status, 200);
  t.true((await server.request('GET', '/settings/labs')).body.labs.voteOnBehalf);
});

test('voteOnBehalf switches the votes-on-behalf route on and off at once', async (t) => {
  const site = await startSite(t);
  const { server } = site;
  const voter = await createMember(server.ctx);
  const owner = (await server.ctx.storage.users.getOwner())!;
  const post = await createPostAt(server.ctx, owner, { createdAt: new Date().toISOString() });
  const path = `/posts/${post.id}/votes/${voter.user.id}`;
  const disabled = await server.request('POST', path, { token: site.ownerToken });
  t.is(disabled.status, 403);
  t.deepEqual(disabled.body, { message: 'This feature is disabled', code: 'LABS_DISABLED' });
  await site.patch('/settings/labs', { voteOnBehalf: true });
  t.is((await server.request('POST', path, { token: site.ownerToken })).status, 201);
  await site.patch('/settings/labs', { voteOnBehalf: false });
  t.is((await server.request('DELETE', path, { token: site.ownerToken })).status, 403);
});
