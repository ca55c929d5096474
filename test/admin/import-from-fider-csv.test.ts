import test, { type ExecutionContext } from 'ava';
import type { SourceData } from '../../src/admin/import-from/source-model.js';
import { parsePersonName } from '../../src/services/validation/account.js';
import { tempDir } from '../cli/_cli.js';
import { assertImported, boardFingerprint, boardForImport, importInto } from './_import-from.js';
import { buildFiderCsvFixture, writeChangedCsv } from './import-fixtures/fider.js';

/*
 * Fider's posts CSV imported end to end (the steps of test/admin/_import-from.ts's importSuite).
 * Not importSuite itself: it expects someone of the source to be matched by email with the board's
 * member, and the CSV names people without emails, so nobody can be.
 */

/**
 * The CSV names people without an email, so every author and responder becomes a placeholder
 * account, named as profiles allow names (letters, digits, spaces, . ' -): "Zoë 🚀" becomes
 * "Zoë". The shared comparison expects a placeholder under the source's name as it is, so it is
 * given the CSV's truth with the names as they can be stored.
 */
function namesAsStored(expected: SourceData): SourceData {
  const stored = (name: string): string => {
    try {
      return parsePersonName(name.trim());
    } catch {
      return '';
    }
  };
  return { ...expected, users: expected.users.map((user) => ({ ...user, name: stored(user.name) })) };
}

async function fixture(t: ExecutionContext): Promise<{ source: string; expected: SourceData }> {
  const { source, expected } = await buildFiderCsvFixture(await tempDir(t));
  return { source, expected: namesAsStored(expected) };
}

for (const withOwn of [false, true]) {
  const into = withOwn ? 'a board with posts of its own, after a dry run that writes nothing' : 'an empty board';
  test(`--from fider, posts CSV, into ${into}: every post, vote count and response as in the CSV; a second run adds nothing`, async (t) => {
    const { source, expected } = await fixture(t);
    const board = await boardForImport(t, withOwn ? expected : null);
    if (withOwn) {
      const before = await boardFingerprint(board);
      const dry = await importInto(board, { from: 'fider', source, dryRun: true });
      t.true(dry.dryRun);
      t.is(dry.counts.posts?.created, expected.posts.length);
      t.is(await boardFingerprint(board), before, 'the dry run wrote nothing');
    }
    const first = await importInto(board, { from: 'fider', source });
    t.false(first.dryRun);
    t.is(first.people.matched, 0, 'the CSV has no emails: nobody is matched');
    await assertImported(t, board, expected);
    const after = await boardFingerprint(board);
    const second = await importInto(board, { from: 'fider', source });
    for (const [section, counts] of Object.entries(second.counts)) t.is(counts.created, 0, `second run created ${section}`);
    t.is(await boardFingerprint(board), after, 'the second run changed nothing');
  });
}

test('--from fider, posts CSV: a vote count that is not a number is refused and changes nothing', async (t) => {
  const source = await writeChangedCsv(await tempDir(t), 2, 'votes_count', 'many');
  const board = await boardForImport(t, null);
  const before = await boardFingerprint(board);
  await t.throwsAsync(importInto(board, { from: 'fider', source }), { message: /posts-votes_count\.csv: row 2 field "votes_count": must be a whole number, not "many"/ });
  t.is(await boardFingerprint(board), before);
});
