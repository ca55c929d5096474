// The web app's sub-path arithmetic (src/web/base.ts, issue 33 §2), without a browser.
import test from 'ava';
import { isRootRelative, prefixed, unprefixed } from '../../src/web/base.ts';

test('prefixed: root-relative paths get the sub-path; absolute, protocol-relative and fragment-only addresses do not', (t) => {
  t.is(prefixed('/feedback', '/p/dark-mode?x=1'), '/feedback/p/dark-mode?x=1');
  t.is(prefixed('/feedback', '/'), '/feedback/');
  t.is(prefixed('/feedback', '//cdn.example.com/a.png'), '//cdn.example.com/a.png');
  t.is(prefixed('/feedback', 'https://example.com/x'), 'https://example.com/x');
  t.is(prefixed('/feedback', '#comments'), '#comments');
  t.is(prefixed('', '/p/dark-mode'), '/p/dark-mode');
});

test('unprefixed: the sub-path comes off, the sub-path alone is the home page, and a look-alike stays', (t) => {
  t.is(unprefixed('/feedback', '/feedback/p/dark-mode'), '/p/dark-mode');
  t.is(unprefixed('/feedback', '/feedback'), '/');
  t.is(unprefixed('/feedback', '/feedback/'), '/');
  t.is(unprefixed('/feedback', '/feedback?next=%2F'), '/?next=%2F');
  t.is(unprefixed('/feedback', '/feedbackers/x'), '/feedbackers/x');
  t.is(unprefixed('/feedback', '/other'), '/other');
  t.is(unprefixed('', '/p/x'), '/p/x');
});

test('isRootRelative', (t) => {
  t.true(isRootRelative('/uploads/abc'));
  t.false(isRootRelative('//host/x'));
  t.false(isRootRelative('uploads/abc'));
});
