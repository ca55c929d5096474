// The plain-text excerpt of an idea's Markdown on its card: blocks stay apart, markup goes.
import test from 'ava';
import { plainExcerpt } from '../../src/web/format.ts';

test('a paragraph and a list read as separate items, joined by a middle dot', (t) => {
  const markdown = 'The dashboard is too bright at night.\nA dark theme would help.\n\n- follows the OS setting\n- toggle in profile\n';
  t.is(plainExcerpt(markdown), 'The dashboard is too bright at night. A dark theme would help. · follows the OS setting · toggle in profile');
});

test('headings, numbered items, quotes and paragraphs each make one item; a soft line break is a space', (t) => {
  const markdown = '## Why\nBecause\nit matters.\n\n1. first\n2) second\n\n> quoted\n> on two lines';
  t.is(plainExcerpt(markdown), 'Why · Because it matters. · first · second · quoted on two lines');
});

test('inline markup, links, images, code blocks and table rules leave only words', (t) => {
  const markdown = 'See **this** [link](https://example.org) and ![a chart](x.png) `code`.\n\n```\nconst x = 1;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |';
  t.is(plainExcerpt(markdown), 'See this link and a chart code. · a b · 1 2');
});

test('empty and long: nothing for none; cut at the limit with an ellipsis', (t) => {
  t.is(plainExcerpt(null), '');
  t.is(plainExcerpt('  \n\n '), '');
  t.is(plainExcerpt(`${'word '.repeat(100)}`, 20), 'word word word word…');
});
