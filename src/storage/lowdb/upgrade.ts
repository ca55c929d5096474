import { AppError } from '../../errors.js';
import { isTeamRoleName, TEAM_ROLE_ID, teamRole } from '../seed.js';
import { type RawDocument, SCHEMA_VERSION } from './document.js';
import { corruptDatabase } from './errors.js';

/** Turns a document of schema version `n` into version `n + 1` (tables, rows, settings). */
export type UpgradeStep = (doc: RawDocument) => RawDocument;

/** Version 1 → 2: comments and their activity entries get their own tables, empty. */
const addCommentTables: UpgradeStep = (doc) => ({
  ...doc,
  tables: { ...doc.tables, comments: doc.tables.comments ?? [], activities: doc.tables.activities ?? [] },
});

/** Version 2 → 3: the outbox, webhooks, subscriptions and notifications (issue 17) get their own tables, empty. */
const addNoticeTables: UpgradeStep = (doc) => ({
  ...doc,
  tables: {
    ...doc.tables,
    outbox: doc.tables.outbox ?? [],
    webhookEndpoints: doc.tables.webhookEndpoints ?? [],
    webhookDeliveries: doc.tables.webhookDeliveries ?? [],
    subscriptions: doc.tables.subscriptions ?? [],
    notifications: doc.tables.notifications ?? [],
  },
});

/**
 * Version 3 → 4 (issue 27): the Team role, unless a role already has that name in some case (the
 * owner's own "team" stays as it is and no second one appears beside it).
 */
const addTeamRole: UpgradeStep = (doc) => {
  const roles = (doc.tables.roles ?? []) as Array<{ id: string; name?: unknown }>;
  const taken = roles.some((role) => role.id === TEAM_ROLE_ID || (typeof role.name === 'string' && isTeamRoleName(role.name)));
  if (taken) return doc;
  return { ...doc, tables: { ...doc.tables, roles: [...roles, teamRole(new Date().toISOString())] } };
};

/** Version 4 → 5 (issue 27): boards have a description, none yet. */
const addBoardDescriptions: UpgradeStep = (doc) => ({
  ...doc,
  tables: { ...doc.tables, boards: (doc.tables.boards ?? []).map((board) => ({ ...board, description: (board as { description?: unknown }).description ?? null })) },
});

/** Version 5 → 6 (issue 28): single sign-on secrets and linked identities get their own tables, empty. */
const addSignInTables: UpgradeStep = (doc) => ({
  ...doc,
  tables: { ...doc.tables, ssoSecrets: doc.tables.ssoSecrets ?? [], linkedIdentities: doc.tables.linkedIdentities ?? [] },
});

/** Version 6 → 7 (issue 28 §2): OpenID Connect providers get their own table, empty. */
const addAuthProviders: UpgradeStep = (doc) => ({ ...doc, tables: { ...doc.tables, authProviders: doc.tables.authProviders ?? [] } });

/** Version 7 → 8 (issue 30 §1): the changelog's entries and linked posts, both empty. */
const addChangelog: UpgradeStep = (doc) => ({
  ...doc,
  tables: { ...doc.tables, changelogEntries: doc.tables.changelogEntries ?? [], changelogLinks: doc.tables.changelogLinks ?? [] },
});

/** Version 8 → 9 (issue 30 §2): merged posts get their own table, empty. */
const addPostMerges: UpgradeStep = (doc) => ({ ...doc, tables: { ...doc.tables, postMerges: doc.tables.postMerges ?? [] } });

/** Version 9 → 10 (issue 31 §1): tags and the tags of posts get their own tables, empty. */
const addTags: UpgradeStep = (doc) => ({ ...doc, tables: { ...doc.tables, tags: doc.tables.tags ?? [], postTags: doc.tables.postTags ?? [] } });

/**
 * Version 10 → 11 (issue 31 §2): the approval queue. Posts and comments may carry `approval`
 * (absent = approved) and users `isTrusted` (absent = false), and the settings `moderation`
 * (absent = off) and `requireFormToken` (absent = false): every row written before stays as it
 * was, approved and untrusted, and nobody waits until the owner turns moderation on.
 */
const addModeration: UpgradeStep = (doc) => ({ ...doc, tables: { ...doc.tables } });

/** Version 11 → 12 (issue 31 §3): uploaded images get their own table, empty (their bytes are files in `uploads/`). */
const addUploads: UpgradeStep = (doc) => ({ ...doc, tables: { ...doc.tables, uploads: doc.tables.uploads ?? [] } });

/**
 * Version 12 → 13 (issue 28): users may carry `avatarUploadId` and `avatarSourceUrl` (absent =
 * Gravatar, as every row written before): nothing to change, but an older feedbackd must not open
 * a document whose users it would refuse.
 */
const addAvatarUploads: UpgradeStep = (doc) => ({ ...doc, tables: { ...doc.tables } });

/**
 * Version 13 → 14 (issue 33): users may carry `locale`, the language their mails are written in
 * (absent = none chosen, as every row written before): nothing to change, but an older feedbackd
 * must not open a document whose users it would refuse.
 */
const addUserLocales: UpgradeStep = (doc) => ({ ...doc, tables: { ...doc.tables } });

/**
 * Version 14 → 15 (issue 33): the settings may carry `locale` (absent = English) and `texts`
 * (absent = no overrides): nothing to change, but an older feedbackd must not open a document
 * whose settings it would refuse.
 */
const addSiteLanguage: UpgradeStep = (doc) => ({ ...doc, settings: { ...doc.settings } });

/** Entry `i` upgrades version `i + 1` to `i + 2`. */
export const UPGRADE_STEPS: readonly UpgradeStep[] = [
  addCommentTables,
  addNoticeTables,
  addTeamRole,
  addBoardDescriptions,
  addSignInTables,
  addAuthProviders,
  addChangelog,
  addPostMerges,
  addTags,
  addModeration,
  addUploads,
  addAvatarUploads,
  addUserLocales,
  addSiteLanguage,
];

/** Refuses a document this code cannot read: a newer schema version, or no version at all. */
export function assertReadableVersion(doc: RawDocument, file: string, target = SCHEMA_VERSION): void {
  const version = doc.schemaVersion;
  if (!Number.isInteger(version) || version < 1) {
    throw corruptDatabase(file, `schemaVersion ${JSON.stringify(version)} is not a version number`);
  }
  if (version > target) {
    throw new AppError(
      'DATABASE_TOO_NEW',
      `Database ${file} has schema version ${version}, but this feedbackd only knows versions up to ${target}. It was written by a newer feedbackd: upgrade feedbackd to open it.`,
      500,
    );
  }
}

/** Runs the upgrade steps from the document's version up to `target`; a current document is returned as is. */
export function upgradeDocument(
  doc: RawDocument,
  file: string,
  steps: readonly UpgradeStep[] = UPGRADE_STEPS,
  target = SCHEMA_VERSION,
): RawDocument {
  assertReadableVersion(doc, file, target);
  let current = doc;
  while (current.schemaVersion < target) {
    const step = steps[current.schemaVersion - 1];
    if (!step) throw new Error(`no upgrade step from schema version ${current.schemaVersion}`);
    current = { ...step(current), schemaVersion: current.schemaVersion + 1 };
  }
  return current;
}
