import test from 'ava';
import { ChunkedList } from '../../src/storage/lowdb/chunked-list.js';
import { pageOf } from '../../src/storage/lowdb/post-search.js';
import { countBits, WordIndex } from '../../src/storage/lowdb/word-index.js';

const numeric = (a: number, b: number) => a - b;

function generator(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * n);
  };
}

test('a chunked list stays sorted through thousands of adds and removes, across chunk splits', (t) => {
  const random = generator(7);
  const list = new ChunkedList<number>(numeric);
  const reference: number[] = [];
  for (let step = 0; step < 6_000; step++) {
    const value = random(4_000);
    if (random(3) === 0 && reference.includes(value)) {
      t.true(list.remove(value));
      reference.splice(reference.indexOf(value), 1);
    } else if (!reference.includes(value)) {
      list.add(value);
      reference.push(value);
    }
  }
  reference.sort(numeric);
  t.true(reference.length > 1_500, 'enough items for several chunks');
  t.is(list.size, reference.length);
  t.deepEqual(list.toArray(), reference);
  t.deepEqual([...list.values(false)], reference);
  t.deepEqual([...list.values(true)], [...reference].reverse());
  t.deepEqual(list.slice(700, 25), reference.slice(700, 725));
  const backward: number[] = [];
  list.walkBackward(600, (value) => backward.push(value) < 10);
  t.deepEqual(backward, [...reference].reverse().slice(600, 610));
  const from: number[] = [];
  list.walkFrom(1_999, (value) => from.push(value) < 5);
  t.deepEqual(from, reference.filter((value) => value >= 1_999).slice(0, 5));
  t.false(list.remove(4_001), 'removing what is not held changes nothing');
  t.is(list.size, reference.length);
});

test('a list built from sorted items takes adds and removes like one built item by item', (t) => {
  const items = Array.from({ length: 3_000 }, (_, i) => i * 2);
  const list = ChunkedList.fromSorted(items, numeric);
  list.add(1_001);
  list.remove(0);
  t.deepEqual(list.toArray(), [...items.slice(1, 501), 1_001, ...items.slice(501)]);
});

test('pageOf selects a small page without sorting everything, and agrees with a full sort', (t) => {
  const random = generator(3);
  const values = Array.from({ length: 500 }, () => random(10_000));
  const sorted = [...values].sort(numeric);
  t.deepEqual(pageOf([...values], numeric, 0, 10), sorted.slice(0, 10));
  t.deepEqual(pageOf([...values], numeric, 20, 10), sorted.slice(20, 30));
  t.deepEqual(pageOf([...values], numeric, 100, 100), sorted.slice(100, 200));
  t.deepEqual(pageOf([...values], numeric, 495, 10), sorted.slice(495));
});

test('a word index agrees with a plain map of words while common words switch to bit sets', (t) => {
  const index = new WordIndex({ prefixes: true });
  const held = new Map<number, string[]>();
  const random = generator(5);
  const words = ['dark', 'darker', 'dash', 'export', 'тема', 'x1'];
  for (let slot = 0; slot < 9_000; slot++) {
    const own = [words[random(6)]!, words[random(6)]!, 'common', 'common'];
    index.add(slot, own);
    held.set(slot, [...new Set(own)]);
  }
  for (let slot = 0; slot < 9_000; slot += 3) {
    index.remove(slot, held.get(slot)!);
    held.delete(slot);
  }
  index.add(4_500, ['common', 'dark']);
  held.set(4_500, ['common', 'dark']);
  const expected = (prefix: string) => [...held].filter(([, own]) => own.some((w) => w.startsWith(prefix))).map(([slot]) => slot).sort(numeric);
  for (const prefix of ['common', 'dar', 'dark', 'd', 'тем', 'zz']) {
    const visited = new Set<number>();
    index.eachWithPrefix(prefix, (slot) => visited.add(slot));
    t.deepEqual([...visited].sort(numeric), expected(prefix), prefix);
    const bits = new Uint32Array(9_000 / 32 + 1);
    index.markWithPrefix(prefix, bits);
    t.is(countBits(bits), expected(prefix).length, prefix);
  }
  t.is(index.countWithPrefix('common', Number.MAX_SAFE_INTEGER), held.size, 'a bit set counts what it holds');
});
