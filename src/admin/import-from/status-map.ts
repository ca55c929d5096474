import { AppError } from '../../errors.js';
import type { SourceStatus } from './source-model.js';

/** `--status-map`: a source status (by name, any case, or id) → a roadmap's name, or null for none. */
export type StatusMap = ReadonlyMap<string, string | null>;

/** The word that maps a status to no roadmap. */
const NONE = 'none';

/** Parses `--status-map "open=none,completed=Done,in progress=Doing"`. */
export function parseStatusMap(value: unknown): StatusMap {
  if (value === undefined || value === null || value === '') return new Map();
  const pairs = optionPairs(value, '--status-map', 'status=roadmap (or status=none)', 'open=none,completed=Done');
  return new Map(pairs.map(([status, roadmap]) => [status.toLowerCase(), roadmap.toLowerCase() === NONE ? null : roadmap]));
}

/** The `key=value` pairs of an option such as `--map` or `--status-map`, each side trimmed and never empty. */
export function optionPairs(value: unknown, flag: string, shape: string, example: string): Array<[string, string]> {
  if (typeof value !== 'string') throw new AppError('INVALID_ARGUMENTS', `${flag} must be text such as "${example}"`, 400);
  return value.split(',').map((pair) => {
    const at = pair.indexOf('=');
    const key = pair.slice(0, at).trim();
    const given = pair.slice(at + 1).trim();
    if (at < 0 || key === '' || given === '') throw new AppError('INVALID_ARGUMENTS', `${flag}: "${pair.trim()}" is not ${shape}`, 400);
    return [key, given];
  });
}

/** The roadmap name each source status goes to (null: none): `--status-map`, else its own name, else none for the source's default status. */
export function roadmapNames(statuses: readonly SourceStatus[], map: StatusMap): Map<string, string | null> {
  const known = new Set(statuses.flatMap((status) => [status.name.toLowerCase(), status.sourceId.toLowerCase()]));
  const unknown = [...map.keys()].filter((key) => !known.has(key));
  if (unknown.length > 0) {
    const names = statuses.map((status) => `"${status.name}"`).join(', ') || 'none';
    throw invalid(`the source has no status ${unknown.map((key) => `"${key}"`).join(', ')}; its statuses are ${names}`);
  }
  const names = new Map<string, string | null>();
  for (const status of statuses) {
    const given = map.has(status.name.toLowerCase()) ? map.get(status.name.toLowerCase()) : map.get(status.sourceId.toLowerCase());
    names.set(status.sourceId, given !== undefined ? given : status.isDefault ? null : status.name);
  }
  return names;
}

function invalid(problem: string): AppError {
  return new AppError('INVALID_ARGUMENTS', `--status-map: ${problem}`, 400);
}
