import test from 'ava';
import { foldLetters } from '../../src/text/letters.js';
import { MAX_WORD_LENGTH, postSearchWords, queryWords, searchWords, similarityWords } from '../../src/text/search-words.js';

test('search words as API.md §8.1 defines them, in every script', (t) => {
  t.deepEqual(searchWords('Dark-Mode'), ['dark', 'mode']);
  t.deepEqual(searchWords('Ünïcödé'), ['unicode']);
  t.deepEqual(searchWords('Тёмная тема'), ['темная', 'тема']);
  t.deepEqual(searchWords('暗色模式'), ['暗色模式']);
  t.deepEqual(searchWords('Straße, Ærø and ŁÓDŹ'), ['strasse', 'aero', 'and', 'lodz']);
  t.deepEqual(searchWords('ΣΊΣΥΦΟΣ v2.0 — ①'), ['σισυφος', 'v2', '0', '1']);
  t.deepEqual(searchWords('**bold** _under_score_ `code` [link](https://x.org)'), ['bold', 'under', 'score', 'code', 'link', 'https', 'x', 'org']);
  t.deepEqual(queryWords('!! 🎉 ...'), []);
  t.deepEqual(queryWords('dark DARK dark-mode'), ['dark', 'mode']);
  t.deepEqual(postSearchWords('Dark mode', 'dark **MODE** at night'), ['dark', 'mode', 'at', 'night']);
  t.deepEqual(postSearchWords('Dark mode', null), ['dark', 'mode']);
});

test('the plain-ASCII shortcut gives exactly the words of the full rule', (t) => {
  let seed = 1;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  for (let i = 0; i < 500; i++) {
    const text = Array.from({ length: 40 }, () => String.fromCharCode(next() % 128)).join('');
    const full = foldLetters(text).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    t.deepEqual(searchWords(text), full, JSON.stringify(text));
  }
});

test('words are cut to 200 code points; similarity leaves out short words and stop words', (t) => {
  const long = `${'é'.repeat(250)} 𝒳${'a'.repeat(300)}`;
  const [first, second] = searchWords(long);
  t.is([...first!].length, MAX_WORD_LENGTH);
  t.is([...second!].length, MAX_WORD_LENGTH);
  t.deepEqual(similarityWords('Please add the dark mode to it, for the app'), ['dark', 'mode', 'app']);
  t.deepEqual(similarityWords('UI of an AI'), []);
  t.deepEqual(similarityWords('Тёмная тема'), ['темная', 'тема']);
});
