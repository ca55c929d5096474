import test from 'ava';
import { AppError } from '../../src/errors.js';
import { parseBoolean, parseHexColor, parseUrlSlug, urlSlug } from '../../src/services/validation/colors-urls.js';

/** The code and message a rule throws. */
function failure(run: () => unknown): [string, string] | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return [error.code, error.message];
  }
}

test('parseHexColor: 6 hex digits in any case, lower-cased; the code prefix picks the resource', (t) => {
  t.is(parseHexColor('ABCdef', 'color', 'BOARD'), 'abcdef');
  t.is(parseHexColor('012345', 'color', 'ROADMAP'), '012345');
  t.deepEqual(failure(() => parseHexColor('#abc', 'color', 'BOARD')), ['BOARD_COLOR_HEX_LENGTH', 'Color must be exactly 6 characters']);
  t.deepEqual(failure(() => parseHexColor('#abcdef', 'color', 'ROADMAP')), ['ROADMAP_COLOR_HEX_LENGTH', 'Color must be exactly 6 characters']);
  t.deepEqual(failure(() => parseHexColor('zzzzzz', 'color', 'BOARD')), ['BOARD_COLOR_HEX_CHAR', 'Color must be a valid hexadecimal value']);
  t.is(failure(() => parseHexColor('😀'.repeat(6), 'color', 'BOARD'))?.[0], 'BOARD_COLOR_HEX_CHAR', 'lengths count code points');
  t.is(failure(() => parseHexColor('😀'.repeat(3), 'color', 'BOARD'))?.[0], 'BOARD_COLOR_HEX_LENGTH', 'not UTF-16 units');
  for (const value of [null, undefined, 0xabcdef, ['abcdef']]) {
    t.deepEqual(failure(() => parseHexColor(value, 'colour', 'ROADMAP')), ['VALIDATION_ERROR', 'colour must be a string']);
  }
  t.deepEqual(failure(() => parseHexColor('abc\u0000ef', 'color', 'BOARD')), ['VALIDATION_ERROR', 'color must not contain NUL characters']);
});

test('parseUrlSlug: transliterated, lower-case, dash-joined, 1..50 after normalising', (t) => {
  t.is(parseUrlSlug('  Ærø & Łódź — 2024!  ', 'url', 'BOARD'), 'aero-lodz-2024');
  t.is(parseUrlSlug('ｆｕｌｌ　ｗｉｄｔｈ', 'url', 'ROADMAP'), 'full-width', 'NFKD folds compatibility forms');
  t.is(parseUrlSlug(`${'x'.repeat(50)}!!!`, 'url', 'BOARD'), 'x'.repeat(50));
  for (const value of [undefined, null, '', ' - ', '日本語']) {
    t.deepEqual(failure(() => parseUrlSlug(value, 'url', 'ROADMAP')), ['ROADMAP_URL_MISSING', 'Roadmap url cannot be empty'], String(value));
  }
  t.deepEqual(failure(() => parseUrlSlug('x'.repeat(51), 'url', 'BOARD')), ['BOARD_URL_TOO_LONG', 'Board url cannot exceed 50 characters']);
  t.is(failure(() => parseUrlSlug('æ'.repeat(26), 'url', 'BOARD'))?.[0], 'BOARD_URL_TOO_LONG', '26 letters give 52');
  t.deepEqual(failure(() => parseUrlSlug(5, 'slug', 'BOARD')), ['VALIDATION_ERROR', 'slug must be a string']);
  t.is(urlSlug('--Already-Fine--'), 'already-fine');
});

test('parseBoolean: JSON booleans only', (t) => {
  t.true(parseBoolean(true, 'display'));
  t.false(parseBoolean(false, 'display'));
  for (const value of [null, 'true', 1, 0]) {
    t.deepEqual(failure(() => parseBoolean(value, 'display')), ['VALIDATION_ERROR', 'display must be a boolean']);
  }
});
