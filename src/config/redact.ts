/**
 * Text with the passwords of the URLs in it replaced by `***`: `smtp://me:secret@host` →
 * `smtp://me:***@host`, `…?password=secret` → `…?password=***`. For anything that shows or keeps a
 * command line (the lock file, "in use by process …" lines), where a `--smtp-url` or `--database`
 * given on the command line would otherwise be printed for anyone to read.
 */
export function redactCredentials(text: string): string {
  return text
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/[^\s:@/]*):[^\s@/]*@/gi, '$1:***@')
    .replace(/([?&]password=)[^&\s]*/gi, '$1***');
}
