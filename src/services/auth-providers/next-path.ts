/** Longest landing path kept: a board URL, never a document. */
const MAX_NEXT = 2000;

/**
 * Where a sign-in may land: a path of this site only. `//host` and `/\host` are other sites to a
 * browser, and control characters could split a header: anything doubtful lands on `/`.
 */
export function sameSitePath(value: unknown): string {
  if (typeof value !== 'string' || value.length > MAX_NEXT || !value.startsWith('/')) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  if (value.startsWith('//') || value.startsWith('/\\') || /[\u0000-\u001f\u007f]/.test(value)) return '/';
  return value;
}
