// WCAG 2 contrast: the accent comes from the site's settings, so its text colour is computed, not chosen.

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a 6-digit hex colour (no `#`). */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex, 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** The contrast ratio of two hex colours, 1..21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever reads better on the colour. */
export function textOn(hex: string): string {
  return contrast(hex, '000000') >= contrast(hex, 'ffffff') ? '000000' : 'ffffff';
}

/** `hex` moved toward `target` in steps until it has 3:1 against `background` (WCAG 1.4.11, focus indicators). */
export function ringColour(hex: string, target: string, background: string): string {
  let colour = hex;
  for (let share = 0.1; contrast(colour, background) < 3 && share <= 1; share += 0.1) colour = mix(hex, target, share);
  return colour;
}

function mix(from: string, to: string, share: number): string {
  const a = Number.parseInt(from, 16);
  const b = Number.parseInt(to, 16);
  const channelAt = (shift: number) => Math.round(((a >> shift) & 255) * (1 - share) + ((b >> shift) & 255) * share);
  return [16, 8, 0].map((shift) => channelAt(shift).toString(16).padStart(2, '0')).join('');
}

/** Page backgrounds of tokens.css, light and dark: the focus ring must stand out on both. */
const LIGHT_BACKGROUND = 'ffffff';
const DARK_BACKGROUND = '14161b';

/** Sets `--accent`, `--on-accent` and the focus rings for the page from the site's accent colour. */
export function applyAccent(hex: string): void {
  if (!/^[0-9a-f]{6}$/i.test(hex)) return;
  const root = document.documentElement.style;
  root.setProperty('--accent', `#${hex}`);
  root.setProperty('--on-accent', `#${textOn(hex)}`);
  root.setProperty('--focus-ring-light', `#${ringColour(hex, '000000', LIGHT_BACKGROUND)}`);
  root.setProperty('--focus-ring-dark', `#${ringColour(hex, 'ffffff', DARK_BACKGROUND)}`);
}
