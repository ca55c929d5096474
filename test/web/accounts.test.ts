// The account pages in Chromium against a real server and a real SMTP sink: sign-up and the mailed
// confirmation link, password reset by mail, sign-in (errors, rate limit, coming back to a vote),
// the profile, and axe on every page.
import type { Page } from 'playwright-core';
import {
  expectAccessible,
  expectNoProblems,
  linkIn,
  openPage,
  type PageOptions,
  sentMail,
  startWebServer,
  test,
  useWebServer,
} from './_browser.ts';
import { MEMBER_PASSWORD, member, seedBoard, seedPost, setSettings } from './_seed.ts';

useWebServer();

let counter = 0;
const newEmail = (what: string) => `${what}-${Date.now().toString(36)}${counter++}@example.org`;

/** The access token the page keeps, or null when signed out. */
const storedToken = (page: Page) => page.evaluate<string | null>("localStorage.getItem('feedbackd.token')");

/** The text under a form field (its error), by the field's input id. */
const errorUnder = (page: Page, inputId: string) => page.locator(`#${inputId}-error`).textContent();

/**
 * Resolves true once the element with this id has focus, false if it has not within 2 s. Polled with
 * page.evaluate: waitForFunction's string form needs eval, which the page's CSP forbids.
 */
async function hasFocus(page: Page, id: string): Promise<boolean> {
  for (const deadline = Date.now() + 2000; Date.now() < deadline; await page.waitForTimeout(50)) {
    if (await page.evaluate<boolean>(`document.activeElement?.id === ${JSON.stringify(id)}`)) return true;
  }
  return false;
}

/** The API calls to `path` the page makes from now on. */
function apiCalls(page: Page, path: string): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(`/api/v1${path}`)) calls.push(request.method());
  });
  return calls;
}

/** Fills and sends the sign-in form; resolves once the API has answered. */
async function signInWith(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/login'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await answered;
}

/** Waits until the form-wide error says `text` and returns all of it. */
async function formAlert(page: Page, text: string | RegExp): Promise<string> {
  const alert = page.locator('main [role="alert"]').filter({ hasText: text });
  await alert.waitFor();
  return (await alert.textContent()) ?? '';
}

test.serial('sign-up sends a confirmation mail whose link confirms the address; the used link then shows only that it is confirmed', async (t) => {
  const { web } = t.context;
  const email = newEmail('newcomer');
  const page = await openPage(t, '/sign-up');
  await page.getByRole('heading', { level: 1, name: 'Create an account' }).waitFor();
  t.is(await page.title(), `Create an account · ${(await web.server.request('GET', '/settings/site')).body.settings.title}`);
  await expectAccessible(t, page);
  await page.getByLabel('Name (optional)', { exact: true }).fill('Nell Newcomer');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a long enough password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText(`Check your inbox: we sent a link to ${email} to confirm your address.`).waitFor();
  t.is(await page.getByRole('link', { name: 'Continue' }).getAttribute('href'), '/');
  await expectAccessible(t, page);
  const token = await storedToken(page);
  t.truthy(token, 'the session started');

  const link = linkIn(await sentMail(web, email));
  t.true(link.startsWith(`${web.url}/email-verify/?token=`), link);
  // The mailed path keeps its trailing slash: the route must still match it.
  await page.goto(link);
  await page.getByText('Your email address is confirmed.').waitFor();
  await expectAccessible(t, page);
  const profile = await web.server.request('GET', '/users/profile', { token: token! });
  t.is(profile.body.user.isVerified, true);
  t.is(profile.body.user.name, 'Nell Newcomer');

  await page.goto(link);
  await page.getByRole('heading', { level: 1, name: 'Email confirmed' }).waitFor();
  await page.getByText('Your email address is confirmed.').waitFor();
  t.is(await page.getByRole('alert').count(), 0);
  t.is(await page.getByText(/invalid|expired|used/).count(), 0);
  // Signed in and already confirmed: nothing to resend.
  t.is(await page.getByRole('button', { name: /Send/ }).count(), 0);
  await expectNoProblems(t, page);
});

/** The calm words of a confirmation link that no longer works (used, expired or replaced). */
const DEAD_LINK = 'This link has already been used, has expired, or was replaced by a newer one.';

test.serial('a dead confirmation link says so calmly; signed in, a new link can be sent; a missing token shows the API’s message', async (t) => {
  const { web } = t.context;
  const visitor = await openPage(t, '/email-verify/?token=not-a-real-token');
  await visitor.getByRole('status').filter({ hasText: DEAD_LINK }).waitFor();
  await visitor.getByText('If your address is confirmed already, there is nothing more to do.').waitFor();
  t.is(await visitor.getByRole('main').getByRole('link', { name: 'Sign in' }).getAttribute('href'), '/sign-in?next=%2Fprofile');
  await expectAccessible(t, visitor);

  const missing = await openPage(t, '/email-verify/');
  t.regex(await formAlert(missing, 'missing'), /Email verification token missing/);

  const unconfirmed = await member(web);
  const page = await openPage(t, '/email-verify/?token=0000', { as: unconfirmed });
  await page.getByText(DEAD_LINK).waitFor();
  t.is(await page.getByRole('button', { name: 'Send again' }).count(), 0, 'no reminder line on the page that speaks of it');
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await page.getByText(`We sent a new link to ${unconfirmed.email}.`).waitFor();
  const mail = await sentMail(web, unconfirmed.email);
  t.true(linkIn(mail).startsWith(`${web.url}/email-verify/?token=`));
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});

test.serial('sign-up checks both fields before sending and says what is wrong with each; a taken email offers sign-in and a reset', async (t) => {
  const { web } = t.context;
  const existing = await member(web);
  const page = await openPage(t, '/sign-up?next=%2Froadmap');
  const sent = apiCalls(page, '/auth/signup');
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.locator('#sign-up-email-error').filter({ hasText: 'Enter a valid email address' }).waitFor();
  t.is(await errorUnder(page, 'sign-up-password'), 'Use at least 8 characters');
  t.true(await hasFocus(page, 'sign-up-email'), 'the first field to fix has focus');
  t.is(await page.getByLabel('Email', { exact: true }).getAttribute('aria-invalid'), 'true');
  t.is(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid'), 'true');
  t.deepEqual(sent, [], 'nothing was sent');
  await expectAccessible(t, page);

  await page.getByLabel('Email', { exact: true }).fill(existing.email.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill('long enough now');
  await page.getByRole('button', { name: 'Create account' }).click();
  const emailError = page.locator('#sign-up-email-error');
  await emailError.filter({ hasText: 'An account with this email exists — sign in or reset your password' }).waitFor();
  t.is(await emailError.getByRole('link', { name: 'sign in' }).getAttribute('href'), '/sign-in?next=%2Froadmap');
  t.is(await emailError.getByRole('link', { name: 'reset your password' }).getAttribute('href'), '/password-reset');
  t.true(await hasFocus(page, 'sign-up-email'));
  t.is(await errorUnder(page, 'sign-up-password'), '');
  t.is(sent.length, 1);
  t.is(await storedToken(page), null);
  t.is(await page.getByText(/bytes/).count(), 0);
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});

test.serial('password reset by mail: the new password signs in, the old one is refused, the used link is dead', async (t) => {
  const { web } = t.context;
  const account = await member(web);
  const page = await openPage(t, '/password-reset');
  await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
  await expectAccessible(t, page);
  await page.getByLabel('Email', { exact: true }).fill('ada@');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.locator('#password-reset-email-error').filter({ hasText: 'Enter a valid email address' }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByText(`If an account exists for ${account.email}, we sent a link to reset its password.`).waitFor();
  await expectAccessible(t, page);

  const link = linkIn(await sentMail(web, account.email));
  t.true(link.startsWith(`${web.url}/password-reset/confirm/?token=`), link);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.locator('#new-password-password-error').filter({ hasText: 'Use at least 8 characters' }).waitFor();
  await page.getByLabel('New password', { exact: true }).fill('brand new secret');
  await expectAccessible(t, page);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByText('Your password is changed. Sign in with it.').waitFor();
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();

  await signInWith(page, account.email, account.password);
  t.regex(await formAlert(page, 'Incorrect'), /Incorrect email or password/);
  t.is(await storedToken(page), null);
  await signInWith(page, account.email, 'brand new secret');
  await page.waitForURL(`${web.url}/`);
  await page.getByRole('button', { name: /^Your account/ }).waitFor();
  t.truthy(await storedToken(page));

  await page.goto(link);
  t.regex(await formAlert(page, 'invalid'), /Password reset token is invalid/);
  t.is(await page.getByRole('link', { name: 'Request a new link' }).getAttribute('href'), '/password-reset');
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});

test.serial('a reset request for an unknown email reads the same and sends nothing', async (t) => {
  const { web } = t.context;
  const before = web.smtp.messages.length;
  const email = newEmail('nobody');
  const page = await openPage(t, '/password-reset');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByText(`If an account exists for ${email}, we sent a link to reset its password.`).waitFor();
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.is(web.smtp.messages.length, before);
  await expectNoProblems(t, page);
});

test.serial('sign-in errors: a wrong password in a notice; an invalid email and an empty password under their fields, both at once', async (t) => {
  const { web } = t.context;
  const account = await member(web);
  const page = await openPage(t, '/sign-in');
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  t.regex(await page.title(), /^Sign in · /);
  await expectAccessible(t, page);
  await signInWith(page, account.email, 'not the password');
  t.regex(await formAlert(page, 'Incorrect'), /Incorrect email or password/);
  await expectAccessible(t, page);

  const sent = apiCalls(page, '/auth/login');
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('#sign-in-email-error').filter({ hasText: 'Enter a valid email address' }).waitFor();
  t.is(await errorUnder(page, 'sign-in-password'), 'Enter your password');
  t.deepEqual(sent, []);
  t.true(await hasFocus(page, 'sign-in-email'));
  t.is(await page.getByLabel('Email', { exact: true }).getAttribute('aria-invalid'), 'true');
  // The earlier form-wide message is gone: one failure at a time.
  t.is(await page.locator('main [role="alert"]').count(), 0);
  t.is(await page.getByLabel('Email', { exact: true }).getAttribute('autocomplete'), 'email');
  t.is(await page.getByLabel('Password', { exact: true }).getAttribute('autocomplete'), 'current-password');
  t.is(await page.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href'), '/password-reset');
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});

test.serial('after sign-in, ?next= is followed only when it is a path on this site', async (t) => {
  const { web } = t.context;
  const board = await seedBoard(web);
  const account = await member(web);
  const page = await openPage(t, `/sign-in?next=${encodeURIComponent(`/b/${board.url}?order=newest`)}`);
  await signInWith(page, account.email, account.password);
  await page.waitForURL(`${web.url}/b/${board.url}?order=newest`);

  for (const next of ['//evil.example/', '/\\evil.example/', 'https://evil.example/', '/\t/evil.example/']) {
    const other = await openPage(t, `/sign-in?next=${encodeURIComponent(next)}`);
    await signInWith(other, account.email, account.password);
    await other.waitForURL(`${web.url}/`);
    t.pass(`${JSON.stringify(next)} led home`);
  }
});

test.serial('a visitor who clicks Vote signs in and is back on the board with the vote counted', async (t) => {
  const { web } = t.context;
  const board = await seedBoard(web, { name: 'Ideas to vote on' });
  const post = await seedPost(web, { board, title: 'Keyboard shortcuts' });
  const account = await member(web);
  const page = await openPage(t, `/b/${board.url}`);
  const vote = page.getByRole('listitem').filter({ hasText: 'Keyboard shortcuts' }).getByRole('button', { name: /^Vote/ });
  t.is(await vote.getAttribute('aria-pressed'), 'false');
  await vote.click();
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  const url = new URL(page.url());
  t.is(url.pathname, '/sign-in');
  t.is(url.searchParams.get('next'), `/b/${board.url}`);
  t.is(url.searchParams.get('vote'), post.postId);
  await page.getByText('Sign in to count your vote.').waitFor();

  await signInWith(page, account.email, account.password);
  await page.waitForURL(`${web.url}/b/${board.url}`);
  const pressed = page.getByRole('listitem').filter({ hasText: 'Keyboard shortcuts' }).getByRole('button', { name: 'Vote, 2 votes' });
  await pressed.waitFor();
  t.is(await pressed.getAttribute('aria-pressed'), 'true');
  const voters = await web.server.request('GET', `/posts/${post.postId}/votes`);
  t.true(voters.body.votes.results.some((entry: { user: { userId: string } }) => entry.user.userId === account.user.id));

  // Coming back through the same link with the vote already made is not an error.
  const again = await openPage(t, `/sign-in?next=${encodeURIComponent(`/b/${board.url}`)}&vote=${post.postId}`);
  await signInWith(again, account.email, account.password);
  await again.waitForURL(`${web.url}/b/${board.url}`);
  await again.getByRole('button', { name: 'Vote, 2 votes' }).waitFor();
  await expectNoProblems(t, page);
  await expectNoProblems(t, again);
});

test.serial('sign-up is hidden when the site does not allow it', async (t) => {
  const { web } = t.context;
  await setSettings(web, { allowSignup: false });
  t.teardown(() => setSettings(web, { allowSignup: true }));
  const signUp = await openPage(t, '/sign-up');
  await signUp.getByText('Sign-up is closed on this site.').waitFor();
  t.is(await signUp.getByLabel('Email', { exact: true }).count(), 0);
  t.is(await signUp.getByRole('main').getByRole('link', { name: 'Sign in' }).getAttribute('href'), '/sign-in');
  await expectAccessible(t, signUp);
  const signIn = await openPage(t, '/sign-in');
  await signIn.getByRole('link', { name: 'Forgot your password?' }).waitFor();
  t.is(await signIn.getByRole('link', { name: 'Create an account' }).count(), 0);
  await expectNoProblems(t, signUp);
});

test.serial('rate limits: the sign-in form and the resend button say when to try again', async (t) => {
  // A server of its own, so these limits do not touch the other tests.
  const limited = await startWebServer({
    loginRateLimit: { limit: 2, windowSeconds: 900 },
    emailVerifyRateLimit: { limit: 1, windowSeconds: 3600 },
  });
  t.teardown(async () => {
    await limited.server.close();
    await limited.smtp.close();
  });
  t.context.web = limited;
  const page = await openPage(t, '/sign-in');
  for (let attempt = 1; attempt <= 2; attempt++) {
    await signInWith(page, 'someone@example.org', `guess ${attempt}`);
    await formAlert(page, 'Incorrect');
  }
  await signInWith(page, 'someone@example.org', 'guess 3');
  const text = await formAlert(page, 'Too many attempts');
  t.regex(text, /Too many attempts\. Try again later\. You can try again in 1[45] minutes\./);
  await expectAccessible(t, page);
  await expectNoProblems(t, page);

  const account = await member(limited);
  const profile = await openPage(t, '/profile', { as: account });
  const resend = profile.getByRole('button', { name: 'Send a new confirmation link' });
  await resend.click();
  await profile.getByText(`We sent a new link to ${account.email}.`).waitFor();
  await resend.click();
  t.regex(await formAlert(profile, 'Too many attempts'), /You can try again in (59|60) minutes\./);
  await expectNoProblems(t, profile);
});

test.serial('the profile: name change, a name too long, a new confirmation link, sign out', async (t) => {
  const { web } = t.context;
  const account = await member(web, { name: 'Pat Before' });
  const page = await openPage(t, '/profile', { as: account });
  await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
  t.is(await page.getByLabel('Name', { exact: true }).inputValue(), 'Pat Before');
  const main = page.getByRole('main');
  await main.getByText(account.email, { exact: true }).waitFor();
  await main.getByText(account.user.username, { exact: true }).waitFor();
  await main.getByText('Not confirmed yet', { exact: true }).waitFor();
  await expectAccessible(t, page);

  await page.getByLabel('Name', { exact: true }).fill('x'.repeat(65));
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('#profile-name-error').filter({ hasText: 'Name cannot exceed 64 characters' }).waitFor();
  t.true(await hasFocus(page, 'profile-name'));

  await page.getByLabel('Name', { exact: true }).fill('Pat After');
  await page.getByRole('button', { name: 'Save' }).click();
  await main.getByText('Saved.').waitFor();
  t.is(await errorUnder(page, 'profile-name'), '');
  const profile = await web.server.request('GET', '/users/profile', { token: account.token });
  t.is(profile.body.user.name, 'Pat After');
  await page.getByRole('button', { name: 'Your account (Pat After)' }).waitFor();

  await page.getByRole('button', { name: 'Send a new confirmation link' }).click();
  await page.getByText(`We sent a new link to ${account.email}.`).waitFor();
  await sentMail(web, account.email);
  await expectAccessible(t, page);

  await main.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(`${web.url}/`);
  await page.getByRole('link', { name: 'Sign in' }).waitFor();
  t.is(await storedToken(page), null);
  await expectNoProblems(t, page);
});

test.serial('the profile of a signed-out visitor leads to sign-in and back', async (t) => {
  const { web } = t.context;
  const account = await member(web, { verified: true });
  const page = await openPage(t, '/profile');
  const link = page.getByRole('main').getByRole('link', { name: 'Sign in' });
  t.is(await link.getAttribute('href'), '/sign-in?next=%2Fprofile');
  await expectAccessible(t, page);
  await link.click();
  await signInWith(page, account.email, MEMBER_PASSWORD);
  await page.waitForURL(`${web.url}/profile`);
  await page.getByRole('main').getByText('Confirmed', { exact: true }).waitFor();
  t.is(await page.getByRole('button', { name: 'Send a new confirmation link' }).count(), 0);
  await expectNoProblems(t, page);
});

/** Every account page in the state a visitor first sees it, with what to wait for. */
const PAGES: Array<{ path: string; ready: string; signedIn?: boolean }> = [
  { path: '/sign-in', ready: 'Forgot your password?' },
  { path: '/sign-up', ready: 'Already have an account?' },
  { path: '/password-reset', ready: 'Send reset link' },
  { path: '/password-reset/confirm/?token=dead', ready: 'Request a new link' },
  { path: '/email-verify/?token=dead', ready: 'Send a new link', signedIn: true },
  { path: '/profile', ready: 'Send a new confirmation link', signedIn: true },
];

for (const colorScheme of ['light', 'dark'] as const) {
  test.serial(`axe finds nothing on the account pages at 360 px (${colorScheme})`, async (t) => {
    const { web } = t.context;
    const account = await member(web);
    for (const { path, ready, signedIn } of PAGES) {
      const options: PageOptions = { width: 360, colorScheme, ...(signedIn ? { as: account } : {}) };
      const page = await openPage(t, path, options);
      await page.getByText(ready).first().waitFor();
      await expectAccessible(t, page);
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
      t.is(overflow, 0, `${path} scrolls sideways at 360 px`);
      await expectNoProblems(t, page);
      await page.context().close();
    }
  });
}
