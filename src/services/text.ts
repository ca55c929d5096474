import { randomInt } from 'node:crypto';
import { foldLetters } from '../text/letters.js';

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/** Transliteration rule of API.md §1.8: NFKD, drop marks, map a few letters, drop other non-ASCII. */
export function transliterate(text: string): string {
  return foldLetters(text).replace(/\P{ASCII}/gu, '');
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
