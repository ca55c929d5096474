import type { JsonRow } from './fider-rows.js';
import type { SourceBoard, SourceTag, SourceUser } from './source-model.js';
import { SourceError } from './source-model.js';

/*
 * The rows of a Fider backup that stand alone (the site, its people, its tags), and the lookups
 * of the rows that refer to them, each failing on the referring row's field.
 */

/** users.status (app/models/enum/user_status.go). */
const USER_DELETED = 2;
export const USER_BLOCKED = 3;
/** users.role (app/models/enum/user_role.go): 2 collaborator, 3 administrator. */
export const ROLE_VISITOR = 1;

/** Looks up what rows refer to, failing on the referring row's field when the target is not in the backup. */
export class References {
  readonly userIds: Set<number>;
  /** posts.id → posts.number */
  readonly postNumbers = new Map<number, number>();
  /** tags.id → tags.slug */
  readonly tagSlugs = new Map<number, string>();

  constructor(
    private readonly tenantId: number,
    users: SourceUser[],
  ) {
    this.userIds = new Set(users.map((user) => Number(user.sourceId)));
  }

  /** Every row of a backup is the backed-up site's: another site's row means a file put together by hand. */
  ofThisSite(row: JsonRow): void {
    const tenantId = row.int('tenant_id');
    if (tenantId !== this.tenantId) row.fail('tenant_id', `is site ${tenantId}, not the backed-up site (${this.tenantId} in tenants.json)`);
  }

  user(row: JsonRow, field: string, id: number | null): string | null {
    if (id === null) return null;
    if (!this.userIds.has(id)) row.fail(field, `refers to user ${id}, which users.json does not hold`);
    return String(id);
  }

  post(row: JsonRow, field: string): string {
    const id = row.int(field);
    const number = this.postNumbers.get(id);
    if (number === undefined) row.fail(field, `refers to post ${id}, which posts.json does not hold`);
    return String(number);
  }

  tag(row: JsonRow, field: string): string {
    const id = row.int(field);
    const slug = this.tagSlugs.get(id);
    if (slug === undefined) row.fail(field, `refers to tag ${id}, which tags.json does not hold`);
    return slug;
  }
}

export function readBoard(file: string, tenants: JsonRow[]): { board: SourceBoard; site: string } {
  if (tenants.length !== 1) throw new SourceError(`${file}: tenants.json`, `must hold the one site backed up, not ${tenants.length} rows`);
  const row = tenants[0]!;
  const welcome = row.stringOrNull('welcome_message');
  return {
    site: row.string('subdomain'),
    board: {
      sourceId: String(row.int('id')),
      name: row.string('name'),
      description: welcome === null || welcome.trim() === '' ? null : plainText(welcome),
      // A private Fider site lets in only the people it invites.
      hidden: row.bool('is_private'),
      createdAt: row.time('created_at'),
    },
  };
}

/**
 * A board's description here is one line of plain text; Fider's welcome message is Markdown: its
 * heading marks and emphasis go, its lines join with spaces.
 */
export function plainText(markdown: string): string {
  return markdown
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/(\*\*|__|\*|_|`)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

export function readUser(row: JsonRow): SourceUser {
  const email = row.string('email');
  // Fider blanks a deleted account's name and email (DeleteCurrentUser); its posts and comments stay.
  const deleted = row.int('status') === USER_DELETED;
  return {
    sourceId: String(row.int('id')),
    email: deleted || email.trim() === '' ? null : email,
    name: row.stringOrNull('name') ?? '',
    createdAt: row.time('created_at'),
  };
}

export function readTag(row: JsonRow): SourceTag {
  const color = row.string('color');
  if (!/^[0-9A-Fa-f]{6}$/.test(color)) row.fail('color', 'must be six hexadecimal digits (Fider stores them without "#")');
  return { sourceId: row.string('slug'), name: row.string('name'), color: `#${color.toLowerCase()}`, isPrivate: !row.bool('is_public') };
}
