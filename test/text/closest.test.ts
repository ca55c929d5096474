import test from 'ava';
import { closestMatch, editDistance } from '../../src/text/closest.ts';

test('edit distance counts inserts, deletes and replacements, a code point as one', (t) => {
  t.is(editDistance('ada@example.org', 'ada@example.org'), 0);
  t.is(editDistance('adaa@example.org', 'ada@example.org'), 1);
  t.is(editDistance('ada@exmaple.org', 'ada@example.org'), 2);
  t.is(editDistance('zoë@example.org', 'zoe@example.org'), 1);
  t.is(editDistance('', 'abc'), 3);
});

test('the closest candidate within two edits (one for short text), ties alphabetically, else none', (t) => {
  const emails = ['grace@example.org', 'ada@example.org', 'bob@example.org', 'rob@example.org'];
  t.is(closestMatch('grace@exampel.org', emails), 'grace@example.org');
  t.is(closestMatch('cob@example.org', emails), 'bob@example.org', 'bob and rob are one edit away: the first alphabetically');
  t.is(closestMatch('someone@elsewhere.net', emails), null);
  t.is(closestMatch('ada@example.org', ['ada@example.org']), null, 'an exact match is no suggestion');
  t.is(closestMatch('zed@example.org', emails), null, 'three edits: another person, not a typo');
  t.is(closestMatch('abc', ['abd', 'xyz']), 'abd', 'short text: one edit at least');
  t.is(closestMatch('abc', ['axy']), null);
});
