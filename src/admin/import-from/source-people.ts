import { usernameBase } from '../../services/accounts.js';
import { NO_PASSWORD } from '../../services/login.js';
import { parseEmail, parsePersonName } from '../../services/validation/account.js';
import { EVERYONE_ROLE_ID } from '../../storage/seed.js';
import type { Repositories, UserRoleRow } from '../../storage/types.js';
import type { ExportedUser } from '../export-format.js';
import type { SourceIds } from './source-ids.js';
import type { SourceData, SourceUser } from './source-model.js';
import { cutText, isoTime } from './source-texts.js';

/** The address domain of placeholder accounts: `.invalid` is reserved (RFC 2606), so no mail can ever reach one. */
export const PLACEHOLDER_DOMAIN = 'imported.invalid';

const MAX_NAME = 64;

/** How the source's people became accounts here. */
export interface PeopleCounts {
  created: number;
  matched: number;
  alreadyImported: number;
  placeholders: number;
}

/**
 * The source's people as accounts here: matched by email (case-insensitive) with the accounts
 * that exist, else new accounts without a password (they sign in with a mailed link or a reset);
 * a person the source knows no address for (deleted, anonymised), a vote nobody is named for, and
 * a post without an author become placeholder accounts, so that nothing is dropped.
 */
export class People {
  readonly users: ExportedUser[] = [];
  readonly roleAssignments: UserRoleRow[] = [];
  readonly counts: PeopleCounts = { created: 0, matched: 0, alreadyImported: 0, placeholders: 0 };
  readonly notes: string[] = [];
  /** Placeholder accounts this import makes: checked absent by id, with an address and username made from that id. */
  readonly newPlaceholders = new Set<string>();
  private readonly bySourceId = new Map<string, string>();
  private readonly byEmail = new Map<string, string>();
  private readonly pending = new Map<string, { key: string; name: string; createdAt: string }>();

  private constructor(
    private readonly ids: SourceIds,
    private readonly tx: Repositories,
    private readonly now: string,
  ) {}

  static async of(data: SourceData, ids: SourceIds, tx: Repositories, now: string): Promise<People> {
    const people = new People(ids, tx, now);
    const writers = new Set([...data.posts.map((post) => post.authorId), ...data.comments.map((comment) => comment.authorId)]);
    for (const user of data.users) await people.take(user, writers.has(user.sourceId) ? 'Deleted user' : 'Imported voter');
    return people;
  }

  /** The account of a source person; a placeholder for one the source does not list. */
  async idOf(sourceId: string | null, role: 'author' | 'voter'): Promise<string> {
    if (sourceId === null) return this.placeholder(role === 'author' ? 'author' : 'voter', role === 'author' ? 'Imported author' : 'Imported voter');
    const known = this.bySourceId.get(sourceId);
    if (known !== undefined) return known;
    const id = await this.placeholder(`unknown:${sourceId}`, 'Imported voter');
    this.bySourceId.set(sourceId, id);
    return id;
  }

  /** The k-th vote the source counts without naming its voter (the same account on every post). */
  anonymousVoter(k: number): Promise<string> {
    return this.placeholder(`voter:${k}`, 'Imported voter');
  }

  /** `unnamed`: the placeholder's name when the source kept none ("Deleted user" for one who wrote, "Imported voter" for one who only voted). */
  private async take(user: SourceUser, unnamed: string): Promise<void> {
    const email = usableEmail(user.email);
    if (user.email !== null && email === null) this.notes.push(`users ${user.sourceId}: "${user.email}" is not an email address: imported as a placeholder account`);
    const name = personName(user.name);
    const createdAt = isoTime(user.createdAt) ?? this.now;
    if (email === null) {
      this.bySourceId.set(user.sourceId, await this.placeholder(`user:${user.sourceId}`, name || unnamed, createdAt));
      return;
    }
    const same = this.byEmail.get(email);
    if (same !== undefined) {
      this.bySourceId.set(user.sourceId, same);
      return;
    }
    const id = await this.account(this.ids.id('user', user.sourceId), email, name, createdAt);
    this.bySourceId.set(user.sourceId, id);
    this.byEmail.set(email, id);
  }

  /** An existing account with this address (matched), or a new one with the id made from the source's. */
  private async account(id: string, email: string, name: string, createdAt: string): Promise<string> {
    const existing = await this.tx.users.getByEmail(email);
    if (existing) {
      if (existing.id === id) this.counts.alreadyImported += 1;
      else this.counts.matched += 1;
      return existing.id;
    }
    if (await this.tx.users.get(id)) {
      // Imported before, and its address changed here since: still that account.
      this.counts.alreadyImported += 1;
      return id;
    }
    this.counts.created += 1;
    this.addUser(id, email, name, createdAt);
    return id;
  }

  /** A placeholder's id; whether it is here already is asked once for all of them (settle). */
  private async placeholder(key: string, name: string, createdAt = this.now): Promise<string> {
    const id = this.ids.id('placeholder', key);
    if (!this.pending.has(id)) this.pending.set(id, { key, name, createdAt });
    return id;
  }

  /** Adds the placeholder accounts that are not here yet (one read for thousands of imported voters). */
  async settle(): Promise<void> {
    const here = await this.tx.users.getMany([...this.pending.keys()]);
    for (const [id, { key, name, createdAt }] of this.pending) {
      if (here.has(id)) continue;
      const tag = this.ids.shortTag(key);
      this.counts.placeholders += 1;
      this.newPlaceholders.add(id);
      this.addUser(id, `imported-${tag}@${PLACEHOLDER_DOMAIN}`, name, createdAt, `imported_${tag.slice(0, 8)}`);
      // Nobody reads a placeholder's mail: it never gets any.
      this.users[this.users.length - 1]!.notificationsOff = true;
    }
    this.pending.clear();
  }

  private addUser(id: string, email: string, name: string, createdAt: string, username?: string): void {
    this.users.push({
      id,
      email,
      username: username ?? `${usernameBase(email)}_${this.ids.shortTag('username', id).slice(0, 8)}`,
      name,
      passwordHash: NO_PASSWORD,
      isOwner: false,
      isVerified: false,
      isBlocked: false,
      notes: null,
      createdAt,
      updatedAt: createdAt,
    });
    this.roleAssignments.push({ id: this.ids.id('role', id), userId: id, roleId: EVERYONE_ROLE_ID, createdAt });
  }
}

function usableEmail(email: string | null): string | null {
  if (email === null || email.trim() === '') return null;
  try {
    return parseEmail(email);
  } catch {
    return null;
  }
}

/** The name as profiles allow it (letters, digits, spaces, . ' -), at most 64 characters. */
function personName(name: string): string {
  try {
    return parsePersonName(cutText(name.trim(), MAX_NAME));
  } catch {
    return '';
  }
}
