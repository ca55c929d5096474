import type { ExecutionContext } from 'ava';
import type { RoadmapRow } from '../../src/storage/types.js';
import { type Cast, createRoadmap, startCast as startCastFor } from '../_helpers/personas.js';
import type { TestServer } from '../_helpers/server.js';

/** Error bodies the roadmap routes answer with (API.md §5). */
export const validationError = (path: string, message: string) => ({ message, code: 'VALIDATION_ERROR', errors: [{ path, message }] });
export const FORBIDDEN = { message: 'You do not have permission to perform this action.', code: 'NOT_ENOUGH_PERMISSION' };
export const NOT_FOUND = { message: 'Roadmap not found', code: 'ROADMAP_NOT_FOUND' };
export const INVALID_CURSOR = { message: 'Invalid cursor value', code: 'INVALID_CURSOR' };
export const NO_AUTH = { message: 'Authorization header missing', code: 'INVALID_AUTH_HEADER' };
export const URL_EXISTS = { message: 'Roadmap url already exists', code: 'ROADMAP_URL_EXISTS' };
/** The type errors of the roadmap body fields (API.md §1.4). */
export const nameType = validationError('name', 'name must be a string');
export const urlType = validationError('url', 'url must be a string');
export const colorType = validationError('color', 'color must be a string');
export const displayType = validationError('display', 'display must be a boolean');
export const URL_MISSING = { message: 'Roadmap url cannot be empty', code: 'ROADMAP_URL_MISSING' };
export const URL_TOO_LONG = { message: 'Roadmap url cannot exceed 50 characters', code: 'ROADMAP_URL_TOO_LONG' };
export const NAME_MISSING = { message: 'Roadmap name missing', code: 'ROADMAP_NAME_MISSING' };
export const NAME_TOO_LONG = { message: 'Roadmap name cannot exceed 50 characters', code: 'ROADMAP_NAME_TOO_LONG' };
export const HEX_LENGTH = { message: 'Color must be exactly 6 characters', code: 'ROADMAP_COLOR_HEX_LENGTH' };
export const HEX_CHAR = { message: 'Color must be a valid hexadecimal value', code: 'ROADMAP_COLOR_HEX_CHAR' };

/** The keys of API.md §3.11 Roadmap, in order. */
export const ROADMAP_KEYS = ['id', 'name', 'url', 'color', 'index', 'display', 'created_at', 'updated_at'];

/** Inputs and their URL slugs (API.md §1.8): transliterated, lower-case, dash-joined, no dash at either end. */
export const NORMALISED_URLS: Array<[string, string]> = [
  [' Hello, World! ', 'hello-world'],
  ['Crème Brûlée', 'creme-brulee'],
  ['Straße', 'strasse'],
  ['Ærøskøbing Łódź', 'aeroskobing-lodz'],
  ['--a__b--', 'a-b'],
  ['Q3 / 2.0', 'q3-2-0'],
  ['日本 roadmap', 'roadmap'],
  [`${'a'.repeat(50)}---`, 'a'.repeat(50)],
];

/** A fixed timestamp `second` seconds into 2020, so tests choose the order. */
export const at = (second: number) => new Date(Date.UTC(2020, 0, 1, 0, 0, second)).toISOString();

/** The API form of a stored roadmap. */
export function view(roadmap: RoadmapRow) {
  const { createdAt, updatedAt, ...rest } = roadmap;
  return { ...rest, created_at: createdAt, updated_at: updatedAt };
}

/** The ids of a `{ roadmaps }` body, in order. */
export const ids = (body: { roadmaps: Array<{ id: string }> }) => body.roadmaps.map((roadmap) => roadmap.id);

export type { Cast } from '../_helpers/personas.js';

/** A server with the owner set up through the API, a plain member and a member holding `roadmap:read`. */
export function startCast(t?: ExecutionContext): Promise<Cast> {
  return startCastFor('roadmap:read', t);
}

/** `count` roadmaps straight to storage with the next indexes; roadmap i is displayed when `shown(i)`. */
export async function roadmaps(server: TestServer, count: number, shown: (i: number) => boolean = () => true): Promise<RoadmapRow[]> {
  const rows: RoadmapRow[] = [];
  for (let i = 0; i < count; i++) rows.push(await createRoadmap(server.ctx, { display: shown(i) }));
  return rows;
}

/** Every stored roadmap by index, to show that a refused request changed nothing. */
export const storedRoadmaps = (server: TestServer) => server.ctx.storage.roadmaps.list();
