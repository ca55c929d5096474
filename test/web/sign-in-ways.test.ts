// How you sign in, on the profile page (issue 28): the password (not set, with a way to set one),
// the product's sign-in with an Unlink button that asks once, a refusal in the API's words, and an
// unlink that takes the row away. Mail is configured here, so a mailed link is always a way in.
import { createSecret, productToken } from '../_helpers/sso-product.js';
import { expectAccessible, openPage, test, useWebServer } from './_browser.ts';

useWebServer();

test.serial('the profile lists how the person signs in and unlinks the product after asking once', async (t) => {
  const web = t.context.web;
  const secret = await createSecret(web.server, web.owner.token);
  const claims = { sub: 'ways-web-1', email: 'ways-web@example.com', name: 'Ways Web' };
  const signedIn = await web.server.request('POST', '/auth/sso', { body: { token: productToken(secret, claims) } });
  const token: string = signedIn.body.user.authToken;
  const page = await openPage(t, '/profile', { as: { token } });
  const part = page.getByRole('region', { name: 'How you sign in' });
  await part.getByText('Password: not set').waitFor();
  t.is(await part.getByRole('link', { name: 'Set a password' }).getAttribute('href'), '/password-reset');
  const unlink = part.getByRole('button', { name: "Unlink Your account at the team's product", exact: true });
  await unlink.waitFor();
  await expectAccessible(t, page);

  // Asked once: "Keep it" leaves it linked.
  await unlink.click();
  await part.getByRole('button', { name: 'Keep it' }).click();
  t.is((await web.server.ctx.storage.linkedIdentities.listByUser(signedIn.body.user.userId)).length, 1);

  // Unlinked meanwhile elsewhere: the refusal is the API's.
  const userId: string = signedIn.body.user.userId;
  const [identity] = await web.server.ctx.storage.linkedIdentities.listByUser(userId);
  await web.server.ctx.storage.linkedIdentities.delete(identity!.id);
  await unlink.click();
  await part.getByRole('button', { name: "Unlink Your account at the team's product now" }).click();
  await part.getByRole('alert').filter({ hasText: 'This sign-in is not linked to your account' }).waitFor();

  // Linked again by the next token; this time the unlink goes through and the row goes.
  await web.server.request('POST', '/auth/sso', { body: { token: productToken(secret, claims) } });
  await page.reload();
  await page.setViewportSize({ width: 390, height: 844 });
  await part.getByRole('button', { name: "Unlink Your account at the team's product", exact: true }).click();
  await part.getByRole('button', { name: "Unlink Your account at the team's product now" }).click();
  await part.getByRole('button', { name: /^Unlink/ }).waitFor({ state: 'detached' });
  t.deepEqual(await web.server.ctx.storage.linkedIdentities.listByUser(userId), []);
  await part.getByText('Password: not set').waitFor();
  await expectAccessible(t, page);
});
