// `npm pack` / `npm publish` helper (plain JS: it must run before anything is installed).
//   check    fails with the command to run when the dev dependencies are missing (a fresh clone)
//   strip    removes the `prepare` script from package.json, keeping a copy: a clone's `npm ci`
//            needs it to build, but an installed package must not carry it (npm lists it as an
//            install script to approve, and it could not run there: the sources are not shipped)
//   restore  puts the copy back (postpack)
import { copyFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The package's directory: this repository, or the one given after the command (tests pack a copy).
const root = process.argv[3] ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const manifest = join(root, 'package.json');
const kept = join(root, 'package.json.pack-backup');

function check() {
  if (existsSync(join(root, 'node_modules', '.bin', 'tsc'))) return;
  console.error('error: packing builds feedbackd first, which needs its dev dependencies: run `npm ci`, then `npm pack` again');
  process.exit(1);
}

function strip() {
  // A copy left by an interrupted pack is the real manifest: never overwrite it with a stripped one.
  if (!existsSync(kept)) copyFileSync(manifest, kept);
  const pkg = JSON.parse(readFileSync(kept, 'utf8'));
  delete pkg.scripts.prepare;
  writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
}

function restore() {
  if (existsSync(kept)) renameSync(kept, manifest);
}

const commands = { check, strip, restore };
const command = commands[process.argv[2]];
if (!command) {
  console.error('usage: node test/tools/pack-manifest.mjs check|strip|restore [package dir]');
  process.exit(2);
}
command();
