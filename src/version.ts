import { readFileSync } from 'node:fs';

/** The feedbackd package version, read once from package.json (one level above src/ and dist/). */
export const VERSION: string = readPackageVersion();

function readPackageVersion(): string {
  const text = readFileSync(new URL('../package.json', import.meta.url), 'utf8');
  const { version } = JSON.parse(text) as { version?: unknown };
  if (typeof version !== 'string') throw new Error('package.json has no version');
  return version;
}
