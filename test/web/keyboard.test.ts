// The whole public flow with Tab, Enter, Space and the arrow keys only (no clicks): the skip link,
// opening a board, voting, searching, ordering and loading more; focus always visible and never
// lost; touch targets big enough on a phone.
import type { Page } from 'playwright-core';
import { expectNoProblems, openPage, test, useWebServer, type WebTest } from './_browser.ts';
import { type Member, member, seedBoard, seedPost } from './_seed.ts';

useWebServer();

/** What has the focus, as a person would describe it. */
interface Focused {
  tag: string;
  id: string;
  /** The accessible name, roughly: aria-label, else the label's or the element's own text. */
  name: string;
  type: string;
  pressed: string | null;
}

function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', id: '', name: '', type: '', pressed: null };
    const label = el.id ? document.querySelector(`label[for="${el.id}"]`) : el.closest('label');
    const name = el.getAttribute('aria-label') ?? (el instanceof HTMLInputElement ? label?.textContent : el.textContent) ?? '';
    return {
      tag: el.tagName.toLowerCase(),
      id: el.id,
      name: name.trim(),
      type: el.getAttribute('type') ?? '',
      pressed: el.getAttribute('aria-pressed'),
    };
  });
}

/** Presses `key` (Tab by default) until the focused element matches, at most `limit` times. */
async function pressUntil(page: Page, matches: (f: Focused) => boolean, key = 'Tab', limit = 60): Promise<Focused> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    if (matches(now)) return now;
  }
  throw new Error(`no match after ${limit} × ${key}; focus is on ${JSON.stringify(await focused(page))}`);
}

/** The focus ring of the focused element (for a hidden radio, of its label, which draws it). */
function ringOf(page: Page): Promise<{ outlineStyle: string; outlineWidth: number; boxShadow: string }> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement;
    const drawn = active instanceof HTMLInputElement && active.type === 'radio' ? (active.closest('label') as HTMLElement) : active;
    const style = getComputedStyle(drawn);
    return { outlineStyle: style.outlineStyle, outlineWidth: Number.parseFloat(style.outlineWidth), boxShadow: style.boxShadow };
  });
}

/** Fails unless the focused element shows a ring: a 2 px (or wider) outline, or a box-shadow. */
async function expectVisibleFocus(t: WebTest, page: Page, what: string): Promise<void> {
  const ring = await ringOf(page);
  const outlined = ring.outlineStyle !== 'none' && ring.outlineWidth >= 2;
  t.true(outlined || ring.boxShadow !== 'none', `no visible focus on ${what}: ${JSON.stringify(ring)}`);
}

/** The element ids and name of where the focus is, for assertions. */
const focusId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

/** WCAG 2 contrast ratio of two sRGB colours given as bytes. */
function contrast(a: number[], b: number[]): number {
  const luminance = (bytes: number[]) => {
    const [r, g, b] = bytes.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4)) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

let grace: Member;

test.serial.before(async (t) => {
  const web = t.context.web;
  grace = await member(web, { name: 'Grace' });
  const board = await seedBoard(web, { name: 'Keyboard ideas', url: 'keyboard' });
  // A few milliseconds apart, so "New" and "Old" have one answer each.
  const apart = () => new Promise((done) => setTimeout(done, 5));
  await seedPost(web, { board, title: 'Export votes as CSV' });
  await apart();
  await seedPost(web, { board, title: 'Dark mode for the dashboard' });
  const long = await seedBoard(web, { name: 'Long list', url: 'long-list' });
  for (let i = 1; i <= 22; i++) {
    await seedPost(web, { board: long, title: `Idea ${i}` });
    await apart();
  }
});

test.serial('skip link, a board, a vote: Tab, Enter and Space are enough, and focus shows and lands on main', async (t) => {
  const page = await openPage(t, '/', { as: grace });
  await page.locator('.board-list').waitFor();
  await page.getByRole('button', { name: /^Your account/ }).waitFor();

  await page.keyboard.press('Tab');
  t.like(await focused(page), { tag: 'a', name: 'Skip to content' });
  t.true(await page.getByRole('link', { name: 'Skip to content' }).isVisible());
  await expectVisibleFocus(t, page, 'the skip link');
  await page.keyboard.press('Enter');
  t.is(await focusId(page), 'main');

  // From main, the next Tab stops are the page's own, not the header's again.
  await pressUntil(page, (f) => f.tag === 'a' && f.name.startsWith('Keyboard ideas'), 'Tab', 10);
  await expectVisibleFocus(t, page, 'a board link');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/b\/keyboard$/);
  await page.getByRole('heading', { level: 1, name: 'Keyboard ideas' }).waitFor();
  await page.waitForFunction(() => document.activeElement?.id === 'main');
  // The heading comes with the board; the ideas (and their vote buttons) may still be on their way.
  await page.getByRole('button', { name: /^Vote/ }).first().waitFor();

  const vote = await pressUntil(page, (f) => f.name.startsWith('Vote'), 'Tab', 12);
  t.is(vote.pressed, 'false');
  await expectVisibleFocus(t, page, 'the vote button');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-pressed') === 'true');
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-busy') === 'false');
  t.like(await focused(page), { name: 'Vote, 2 votes', pressed: 'true' });

  // Following a post title with Enter is in-app navigation too: focus goes to main.
  // The next Tab stop after a vote button is its post's title.
  await pressUntil(page, (f) => f.tag === 'a' && f.name !== '', 'Tab', 1);
  await expectVisibleFocus(t, page, 'a post link');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/p\//);
  await page.waitForFunction(() => document.activeElement?.id === 'main');
  await expectNoProblems(t, page);
});

test.serial('search by typing, and the order radios move with the arrow keys, without losing focus', async (t) => {
  const page = await openPage(t, '/b/keyboard');
  await page.getByText('Export votes as CSV').waitFor();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await pressUntil(page, (f) => f.id === 'post-search', 'Tab', 5);
  await expectVisibleFocus(t, page, 'the search box');
  await page.keyboard.type('dark mo', { delay: 30 });
  await page.waitForURL(/q=dark\+mo/);
  await page.getByText('Export votes as CSV').waitFor({ state: 'detached' });
  await page.locator('.post-list[aria-busy="false"]').waitFor();
  t.deepEqual(await page.locator('.post-card__title').allTextContents(), ['Dark mode for the dashboard']);
  // The list changed under the visitor's hands; they are still typing in the box.
  t.is(await focusId(page), 'post-search');
  for (let i = 0; i < 'dark mo'.length; i++) await page.keyboard.press('Backspace');
  await page.getByText('Export votes as CSV').waitFor();
  t.is(await focusId(page), 'post-search');

  const top = await pressUntil(page, (f) => f.type === 'radio', 'Tab', 2);
  t.is(top.name, 'Top');
  await expectVisibleFocus(t, page, 'the Top radio’s label');
  await page.keyboard.press('ArrowRight');
  await page.waitForURL(/order=newest/);
  t.like(await focused(page), { type: 'radio', name: 'New' });
  t.true(await page.getByRole('radio', { name: 'New' }).isChecked());
  await expectVisibleFocus(t, page, 'the New radio’s label');
  await page.waitForFunction(() => document.querySelector('.post-card__title')?.textContent === 'Dark mode for the dashboard');
  await page.keyboard.press('ArrowRight');
  await page.waitForURL(/order=oldest/);
  await page.waitForFunction(() => document.querySelector('.post-card__title')?.textContent === 'Export votes as CSV');
  t.like(await focused(page), { type: 'radio', name: 'Old' });
  await page.keyboard.press('ArrowLeft');
  await page.waitForURL(/order=newest/);
  t.like(await focused(page), { type: 'radio', name: 'New' });
  await expectNoProblems(t, page);
});

test.serial('Load more works from the keyboard and moves focus to the first new idea', async (t) => {
  const page = await openPage(t, '/b/long-list?order=oldest');
  await page.getByText('Idea 20', { exact: true }).waitFor();
  await pressUntil(page, (f) => f.name === 'Load more', 'Tab', 80);
  await expectVisibleFocus(t, page, 'the Load more button');
  await page.route('**/api/v1/posts/get', async (route) => {
    await new Promise((done) => setTimeout(done, 400));
    await route.continue().catch(() => undefined);
  });
  await page.keyboard.press('Enter');
  // Pending inline, and the focus stays on the button meanwhile.
  t.like(await focused(page), { tag: 'button', name: 'Loading more…' });
  t.is(await page.getByRole('button', { name: 'Loading more…' }).getAttribute('aria-disabled'), 'true');
  await page.getByText('Idea 22', { exact: true }).waitFor();
  await page.waitForFunction(() => document.activeElement?.textContent === 'Idea 21');
  await expectVisibleFocus(t, page, 'the first new idea');
  // The next Tab goes on from there, not from the top of the page.
  await page.keyboard.press('Tab');
  t.like(await focused(page), { name: 'Vote, 1 vote' });
  t.is(await page.getByRole('button', { name: 'Load more' }).count(), 0);
  await expectNoProblems(t, page);
});

test.serial('in dark mode the focus ring stands out from the page (3:1 at least)', async (t) => {
  const page = await openPage(t, '/b/keyboard', { colorScheme: 'dark', width: 360 });
  await page.getByText('Export votes as CSV').waitFor();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await pressUntil(page, (f) => f.name.startsWith('Vote'), 'Tab', 12);
  // Any CSS colour (rgb(), color-mix(), color()) to sRGB bytes, through a canvas.
  const [ring, background] = await page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    const colours = [getComputedStyle(document.activeElement as Element).outlineColor, getComputedStyle(document.documentElement).backgroundColor];
    return colours.map((css) => {
      canvas.fillStyle = css;
      canvas.fillRect(0, 0, 1, 1);
      return Array.from(canvas.getImageData(0, 0, 1, 1).data.slice(0, 3));
    });
  });
  const ratio = contrast(ring!, background!);
  t.true(ratio >= 3, `the focus ring is ${ratio.toFixed(2)}:1 against the page`);
});

test.serial('on a phone, the vote button, the header buttons and Load more are at least 44 px tall', async (t) => {
  const page = await openPage(t, '/b/long-list', { as: grace, width: 360 });
  await page.getByRole('button', { name: 'Load more' }).waitFor();
  await page.getByRole('button', { name: /^Your account/ }).waitFor();
  const targets = [
    page.getByRole('button', { name: /^Vote/ }).first(),
    page.getByRole('link', { name: 'Roadmap', exact: true }),
    page.getByRole('button', { name: /^Your account/ }),
    page.getByRole('link', { name: 'Post an idea' }),
    page.getByRole('searchbox', { name: 'Search' }),
    page.getByRole('button', { name: 'Load more' }),
  ];
  for (const target of targets) {
    const box = await target.boundingBox();
    const name = await target.evaluate((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName);
    t.true((box?.height ?? 0) >= 44, `${name} is ${box?.height} px tall`);
    t.true((box?.width ?? 0) >= 44, `${name} is ${box?.width} px wide`);
  }
  // The order switch: each option is a target of its own.
  for (const label of await page.locator('.segmented label').all()) {
    const box = await label.boundingBox();
    t.true((box?.height ?? 0) >= 44, `the ${await label.textContent()} option is ${box?.height} px tall`);
  }
  const signedOut = await openPage(t, '/', { width: 360 });
  const signIn = signedOut.getByRole('link', { name: 'Sign in' });
  await signIn.waitFor();
  t.true(((await signIn.boundingBox())?.height ?? 0) >= 44);
});
