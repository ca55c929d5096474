import { isAbsolute } from 'node:path';
import { AppError } from '../../errors.js';
import type { ServiceContext } from '../../services/context.js';
import type { Repositories } from '../../storage/types.js';
import { SECTION_NAMES, type SectionName } from '../export-format.js';
import type { ProgressListener } from '../import-apply.js';
import { decide } from '../import-decide.js';
import { type FileRow, SECTION_RULES } from '../import-rules.js';
import { ImportState } from '../import-state.js';
import { readSource, readApiKey } from './readers.js';
import { prepareImages, storeImageRows } from './source-images.js';
import { SOURCE_TOOLS, SourceError, type SourceInput, type SourceTool } from './source-model.js';
import { SourceReport, type SourceImportSummary } from './source-report.js';
import { type Converted, sourceToRows } from './source-to-rows.js';
import { optionPairs, parseStatusMap, type StatusMap } from './status-map.js';
import { checkRows } from './source-rows-check.js';

/** What `import --from <tool>` is asked for. */
export interface SourceImportArgs {
  from: SourceTool;
  input: SourceInput;
  statusMap: StatusMap;
  dryRun: boolean;
}

/** Rows between two progress reports. */
const PROGRESS_EVERY = 500;

/** The arguments as they arrive (possibly over the control socket). */
export async function parseSourceImportArgs(args: Readonly<Record<string, unknown>>): Promise<SourceImportArgs> {
  const { from, source, apiKeyFile, apiUrl, map, statusMap, dryRun } = args;
  if (typeof from !== 'string' || !(SOURCE_TOOLS as readonly string[]).includes(from)) {
    throw new AppError('INVALID_ARGUMENTS', `--from must be one of ${SOURCE_TOOLS.join(', ')}, not "${String(from)}"`, 400);
  }
  const tool = from as SourceTool;
  if (source !== undefined && typeof source !== 'string') throw new AppError('INVALID_ARGUMENTS', 'the source must be a file path or a database URL', 400);
  if (typeof source === 'string' && !isAbsolute(source) && !/^postgres(ql)?:\/\//.test(source)) {
    throw new AppError('INVALID_ARGUMENTS', 'the source must be an absolute file path or a postgres:// URL', 400);
  }
  const input: SourceInput = { source: source as string | undefined };
  if (apiKeyFile !== undefined) input.apiKey = await readApiKey(apiKeyFile);
  if (typeof apiUrl === 'string') input.apiUrl = apiUrl;
  if (map !== undefined) input.columns = parseColumnMap(map);
  return { from: tool, input, statusMap: parseStatusMap(statusMap), dryRun: dryRun === true };
}

/**
 * `feedbackd import --from <tool>`: reads the whole source first (nothing is written when it is
 * wrong), turns it into rows here, then stores every new row in ONE transaction (all or nothing).
 * Rows already here (an earlier run of the same import) are left as they are. A dry run decides
 * every row the same way and writes nothing.
 */
export async function importFromSource(ctx: ServiceContext, rawArgs: Readonly<Record<string, unknown>>, onProgress?: ProgressListener): Promise<SourceImportSummary> {
  const args = await parseSourceImportArgs(rawArgs);
  args.input.waits = { requestTimeoutMs: ctx.config.importRequestTimeoutMs, retryMaxWaitMs: ctx.config.importRetryMaxWaitMs };
  const data = await readSource(args.from, args.input).catch((error: unknown) => {
    if (error instanceof SourceError) throw new AppError('IMPORT_SOURCE_INVALID', error.message, 400);
    throw error;
  });
  const boardHasOwner = (await ctx.storage.users.getOwner()) !== undefined;
  const images = await prepareImages(ctx, data.images ?? [], args.dryRun);
  const now = new Date().toISOString();
  // A report per attempt: PostgreSQL runs a transaction again after a serialisation failure.
  const run = async (tx: Repositories): Promise<SourceReport> => {
    const report = new SourceReport(args.from, data.leftOut, args.dryRun);
    report.boardHasOwner = boardHasOwner;
    for (const note of images.notes) report.line(note);
    const converted = await sourceToRows(data, tx, args.statusMap, now, images);
    checkRows(converted.sections);
    report.converted(converted);
    report.images = await storeImageRows(tx, converted.usedImages, args.dryRun);
    await storeRows(tx, converted, report, args.dryRun, onProgress);
    return report;
  };
  const report = args.dryRun ? await run(ctx.storage) : await ctx.storage.bulkTransaction(run);
  ctx.logger.info({ from: args.from, dryRun: args.dryRun }, 'import from another board finished');
  return report.summary();
}

async function storeRows(tx: Repositories, converted: Converted, report: SourceReport, dryRun: boolean, onProgress?: ProgressListener): Promise<void> {
  const { sections } = converted;
  const state = new ImportState();
  const total = SECTION_NAMES.reduce((sum, name) => sum + sections[name].length, 0);
  let done = 0;
  for (const section of SECTION_NAMES) {
    for (const row of sections[section] as readonly FileRow[]) {
      await storeRow(tx, section, row, { state, surelyNewUsers: converted.surelyNewUsers }, report, dryRun);
      done += 1;
      if (done % PROGRESS_EVERY === 0 || done === total) onProgress?.({ section, done, total });
    }
  }
}

/** What this pass knows: the rows it stored, and the users the conversion made sure are not here. */
interface PassKnowledge {
  state: ImportState;
  surelyNewUsers: ReadonlySet<string>;
}

async function storeRow(tx: Repositories, section: SectionName, row: FileRow, known: PassKnowledge, report: SourceReport, dryRun: boolean): Promise<void> {
  const rule = SECTION_RULES[section];
  const { state } = known;
  if (isSurelyNew(section, row, known)) {
    // An exported user has no token version: a new account starts at 0, as the users rule makes it.
    const stored = section === 'users' ? { ...row, tokenVersion: 0 } : { ...row };
    if (!dryRun) await rule.insert(tx, stored);
    state.recordInsert(section, stored, []);
    report.count(section, 'created');
    return;
  }
  const decision = await decide(section, row, tx, state);
  if (decision.outcome === 'imported') {
    if (!dryRun) await rule.insert(tx, decision.adapted.row);
    state.recordInsert(section, decision.adapted.row, decision.keys);
    report.count(section, 'created');
  } else if (decision.outcome !== 'system' && (await rule.has(tx, row.id))) {
    report.count(section, 'alreadyImported');
  } else {
    // Every reference was made by the conversion: a refusal here is a row the board cannot take as it is.
    report.count(section, 'skipped');
    if (decision.outcome !== 'system') report.line(`skipped ${section} ${rule.label(row)}: ${decision.reason}`);
  }
}

/**
 * A row whose post (or user) this pass has just inserted cannot be here already, and what it
 * refers to exists: it needs none of the rules' queries. A post with thousands of votes by
 * placeholder voters is most of a big import, and one transaction on PostgreSQL is one query per row.
 */
function isSurelyNew(section: SectionName, row: FileRow, { state, surelyNewUsers }: PassKnowledge): boolean {
  const r = row as unknown as Record<string, string | null>;
  switch (section) {
    case 'users':
      return surelyNewUsers.has(row.id);
    case 'roleAssignments':
      return state.insertedNow('users', r.userId!);
    case 'votes':
      return state.insertedNow('posts', r.postId!) && state.insertedNow('users', r.userId!);
    case 'comments':
      return state.insertedNow('posts', r.postId!) && state.insertedNow('users', r.userId!) && (r.parentId === null || state.insertedNow('comments', r.parentId!));
    case 'postTags':
      return state.insertedNow('posts', r.postId!) && state.insertedNow('tags', r.tagId!);
    default:
      return false;
  }
}

/** `--map title=Title,content=Description,…` (CSV): feedbackd's field → the column's header. */
function parseColumnMap(value: unknown): Record<string, string> {
  return Object.fromEntries(optionPairs(value, '--map', 'field=Column', 'title=Title,votes=Votes'));
}
