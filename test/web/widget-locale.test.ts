// The widget's launcher in the team's page's language (issue 33): widget.js runs on the product's
// page (127.0.0.2), where no catalogue of the board's is loaded, so its word follows the snippet's
// `data-locale`, else the page's `<html lang>`, else English; a team's own `data-label` wins.
import { test, useWebServer, type WebTest } from './_browser.ts';
import { openProduct, type Product, hostPage as snippet, startProduct } from './_widget.ts';

useWebServer();

let product: Product | undefined;

test.after.always(async () => {
  await product?.close();
});

/** The product's page at `path`, in `lang`, with the snippet's script tag given `attributes`. */
async function launcherOn(t: WebTest, path: string, lang: string, attributes = ''): Promise<string> {
  product ??= await startProduct('127.0.0.2');
  const html = snippet(t, 'feature-requests', null)
    .replace('<html lang="en">', `<html lang="${lang}">`)
    .replace('data-board=', `${attributes} data-board=`);
  product.page(path, html);
  const { page } = await openProduct(t, `${product.origin}${path}`, [product.origin]);
  const launcher = page.locator('[data-feedbackd-widget]').getByRole('button');
  await launcher.waitFor();
  return (await launcher.textContent()) ?? '';
}

test.serial('a German page shows the German launcher word', async (t) => {
  t.is(await launcherOn(t, '/de', 'de-DE'), 'Feedback geben');
});

test.serial('the snippet’s data-locale wins over the page’s language, and data-label over both', async (t) => {
  t.is(await launcherOn(t, '/ja', 'de', 'data-locale="ja"'), 'フィードバック');
  t.is(await launcherOn(t, '/labelled', 'de', 'data-locale="ja" data-label="Ideas"'), 'Ideas');
});

test.serial('a page in a language the board does not speak gets English', async (t) => {
  t.is(await launcherOn(t, '/sv', 'sv'), 'Feedback');
});
