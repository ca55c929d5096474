// Right to left (issue 33): a browser asking for Arabic gets `<html dir="rtl">` and a mirrored page —
// the brand at the right, the navigation at the left, a post card's vote button and text swapped —
// with nothing sticking out sideways on a phone, and no axe violation. Parts are found by their
// classes, not their words: the words turn Arabic as the translations land.
import type { Locator, Page } from 'playwright-core';
import { expectAccessible, expectNoProblems, openPage, test, useWebServer, type WebTest } from './_browser.ts';
import { callApi, seedBoard, seedComment, seedPost, setSettings } from './_seed.ts';

useWebServer();

interface Box {
  left: number;
  right: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not on the page`);
  return { left: box.x, right: box.x + box.width };
}

/** How far the document reaches past the viewport's sides, in CSS pixels (0 when nothing sticks out). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function openBoard(t: WebTest, locale: string, width = 1280): Promise<Page> {
  await seed(t);
  const page = await openPage(t, '/b/ideas', { locale, width });
  await page.locator('.post-card').first().waitFor();
  return page;
}

let seeded: Promise<string> | undefined;

/** The site every test reads, made once (the server comes from useWebServer's hook): returns the idea's page. */
function seed(t: WebTest): Promise<string> {
  seeded ??= (async () => {
    const { web } = t.context;
    await setSettings(web, { title: 'Acme Feedback' });
    const board = await seedBoard(web, { name: 'Ideas', url: 'ideas', description: 'What to build next.' });
    const post = await seedPost(web, { board, title: 'Dark mode', content: 'The dashboard is **too bright** at night.' });
    const comment = await seedComment(web, post, { body: 'Same here.' });
    await seedComment(web, post, { body: 'We are looking into it.', parent: comment });
    return `/p/${post.slug}`;
  })();
  return seeded;
}

test.serial('with Accept-Language ar the page is right to left: the brand at the inline start (the right), the navigation at the left', async (t) => {
  const page = await openBoard(t, 'ar');
  t.deepEqual(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), ['ar', 'rtl']);
  const header = await boxOf(page.locator('.site-header__inner'));
  const brand = await boxOf(page.locator('.site-brand'));
  const nav = await boxOf(page.locator('.site-nav'));
  const padding = 16;
  t.true(brand.right >= header.right - padding - 1, `the brand ends at the right edge (${brand.right} of ${header.right})`);
  t.true(nav.left <= header.left + padding + 1, `the navigation starts at the left edge (${nav.left} of ${header.left})`);
  t.true(nav.right < brand.left, 'the navigation is left of the brand');
  await expectNoProblems(t, page);
});

test.serial("a post card's vote button and its text swap sides between English and Arabic", async (t) => {
  const sides = async (locale: string) => {
    const page = await openBoard(t, locale);
    const card = page.locator('.post-card').first();
    return { card: await boxOf(card), vote: await boxOf(card.locator('.vote-button')), text: await boxOf(card.locator('.post-card__body')) };
  };
  const en = await sides('en');
  const ar = await sides('ar');
  t.true(en.vote.right <= en.text.left, 'in English the vote button is left of the text');
  t.true(ar.text.right <= ar.vote.left, 'in Arabic the vote button is right of the text');
  // A mirror image: each is as far from the card's other side as it was from the first.
  t.true(Math.abs(ar.card.right - ar.vote.right - (en.vote.left - en.card.left)) <= 1, 'the vote button is mirrored');
  t.true(Math.abs(ar.card.right - ar.text.right - (en.text.left - en.card.left)) <= 1, 'the text is mirrored');
});

test.serial('in Arabic at 360 px nothing sticks out sideways: home, board, post, new post, sign-in, roadmap, changelog, widget panel', async (t) => {
  const { web } = t.context;
  const paths = ['/', '/b/ideas', await seed(t), '/new', '/sign-in', '/roadmap', '/changelog', '/embed'];
  for (const path of paths) {
    const page = await openPage(t, path, { locale: 'ar', width: 360, as: web.owner });
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    t.is(await sidewaysOverflow(page), 0, `${path} fits the screen`);
    await page.context().close();
  }
});

test.serial('axe finds no violations on the board page in Arabic, on a desktop and on a phone', async (t) => {
  for (const width of [1280, 360]) {
    const page = await openBoard(t, 'ar', width);
    await expectAccessible(t, page);
    await expectNoProblems(t, page);
  }
});

test.serial('the way back from an update points right in Arabic and left in English', async (t) => {
  const { web } = t.context;
  await seed(t);
  const draft = await callApi<{ entry: { entryId: string } }>(web, 'POST', '/changelog', { title: 'Dark mode is here' });
  const { entry } = await callApi<{ entry: { slug: string } }>(web, 'POST', `/changelog/${draft.entry.entryId}/publish`, {});
  const mirrored = async (locale: string) => {
    const page = await openPage(t, `/changelog/${entry.slug}`, { locale });
    const arrow = page.locator('.back-link > [aria-hidden="true"]');
    await arrow.waitFor();
    return arrow.evaluate((span) => getComputedStyle(span).transform);
  };
  t.is(await mirrored('en'), 'none');
  t.is(await mirrored('ar'), 'matrix(-1, 0, 0, 1, 0, 0)');
});
