import { randomInt } from 'node:crypto';

const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss', æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', œ: 'oe', Œ: 'OE', đ: 'd', Đ: 'D',
  ð: 'd', Ð: 'D', ł: 'l', Ł: 'L', þ: 'th', Þ: 'TH', ı: 'i',
};
const SPECIAL_LETTER_PATTERN = new RegExp(`[${Object.keys(SPECIAL_LETTERS).join('')}]`, 'g');
const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/** Transliteration rule of API.md §1.8: NFKD, drop marks, map a few letters, drop other non-ASCII. */
export function transliterate(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(SPECIAL_LETTER_PATTERN, (letter) => SPECIAL_LETTERS[letter] ?? '')
    .replace(/\P{ASCII}/gu, '');
}

/** Lower-case ASCII words joined by single dashes, no dash at either end. */
export function dashed(text: string): string {
  return transliterate(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `length` random characters from [0-9a-z], from a CSPRNG. */
export function randomBase36(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE36[randomInt(36)];
  return out;
}
