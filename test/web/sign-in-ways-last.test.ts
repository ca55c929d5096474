// How you sign in, on the profile page (issue 28), on a server without mail: a person whose only
// way in is the product's sign-in asks to unlink it and is refused in the API's words (409
// LAST_SIGN_IN_METHOD), shown in the page; the link stays. Setup needs mail, so the owner (who
// makes the product's secret) is made in storage, as test/http/sign-in-ways.test.ts does.
import { createMember } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';
import { createSecret, productToken } from '../_helpers/sso-product.js';
import { expectAccessible, expectNoProblems, freePort, openPageAt, useChromium } from './_browser.ts';

const test = useChromium();
let server: TestServer;

test.before(async () => {
  const port = await freePort();
  // No SMTP and no outbox: no mailed sign-in link, so a linked identity can be the only way in.
  server = await startTestServer(
    { smtpUrl: null, mailOutbox: false, port, publicUrl: `http://127.0.0.1:${port}` },
    { webDir: process.env.FEEDBACKD_TEST_WEB_DIR || undefined },
  );
});
test.after.always(() => server?.close());

test.serial('unlinking the only way to sign in is refused in words on the page, and the link stays', async (t) => {
  const owner = await createMember(server.ctx, { email: 'owner@example.org' });
  await server.ctx.storage.users.update(owner.user.id, { isOwner: true });
  const secret = await createSecret(server, owner.token);
  const claims = { sub: 'last-way-1', email: 'last-way@example.com', name: 'Last Way' };
  const signedIn = await server.request('POST', '/auth/sso', { body: { token: productToken(secret, claims) } });
  const page = await openPageAt(t, `${server.url}/profile`, { as: { token: signedIn.body.user.authToken } });
  const part = page.getByRole('region', { name: 'How you sign in' });
  await part.getByText('Password: not set').waitFor();

  await part.getByRole('button', { name: "Unlink Your account at the team's product", exact: true }).click();
  await part.getByRole('button', { name: "Unlink Your account at the team's product now" }).click();
  await part.getByRole('alert').filter({ hasText: 'This is your only way to sign in: set a password first' }).waitFor();
  t.is((await server.ctx.storage.linkedIdentities.listByUser(signedIn.body.user.userId)).length, 1, 'still linked');
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});
