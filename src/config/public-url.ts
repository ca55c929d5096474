/**
 * The path feedbackd lives under (issue 33 §2), from `publicUrl`: `''` at a host's root, `/feedback`
 * for `https://example.com/feedback`. Percent-encoded as in a request's path, never a trailing `/`.
 */
export function basePath(publicUrl: string): string {
  return new URL(publicUrl).pathname.replace(/\/+$/, '');
}
