// The 36 permissions of API.md §2.4 and feedbackd's own (§8.8), grouped as the role form shows them, each in plain words: what
// it lets a person do, or that nothing checks it yet (so nobody grants it thinking it does something).

/** One permission as people read it. */
export interface PermissionInfo {
  /** The API's string, e.g. `vote:assign`. */
  code: string;
  /** What a person would call it: "Vote on behalf of others". */
  label: string;
  /** What it lets a person do, in a sentence. */
  description: string;
  /** Nothing in feedbackd checks it yet (API.md §2.4 "not checked"). */
  reserved?: boolean;
}

export interface PermissionGroup {
  /** "Ideas", "Boards", …: the fieldset's legend. */
  name: string;
  permissions: PermissionInfo[];
}

const RESERVED = 'Reserved: feedbackd does not use it yet.';

const reserved = (code: string, label: string, why = ''): PermissionInfo => ({
  code,
  label,
  description: why ? `${RESERVED} ${why}` : RESERVED,
  reserved: true,
});

/** The groups in the API's canonical order; within a group, canonical order too. */
export const PERMISSION_GROUPS: readonly PermissionGroup[] = [
  {
    name: 'Ideas',
    permissions: [
      reserved('post:read', 'Read ideas', 'Ideas are visible to anyone who can see their board.'),
      { code: 'post:create', label: 'Post ideas', description: 'Post new ideas.' },
      { code: 'post:update', label: 'Edit any idea', description: 'Edit ideas others posted (authors can always edit their own).' },
      { code: 'post:destroy', label: 'Delete any idea', description: 'Delete ideas others posted, with their votes and comments (authors can always delete their own).' },
    ],
  },
  {
    name: 'Boards',
    permissions: [
      { code: 'board:read', label: 'See hidden boards', description: 'See hidden boards and the ideas on them.' },
      { code: 'board:create', label: 'Create boards', description: 'Add new boards.' },
      { code: 'board:update', label: 'Edit boards', description: 'Change a board’s name, address, colour and who sees it.' },
      { code: 'board:destroy', label: 'Delete boards', description: 'Delete boards. Their ideas stay, without a board.' },
      reserved('board:assign', 'Assign boards'),
      reserved('board:unassign', 'Unassign boards'),
    ],
  },
  {
    name: 'Votes',
    permissions: [
      { code: 'vote:create', label: 'Vote', description: 'Vote for ideas.' },
      { code: 'vote:destroy', label: 'Take back votes', description: 'Remove their own vote from an idea.' },
      { code: 'vote:assign', label: 'Vote on behalf of others', description: 'Vote for another user (when the Vote on behalf lab is on).' },
      { code: 'vote:unassign', label: 'Remove others’ votes', description: 'Remove another user’s vote (when the Vote on behalf lab is on).' },
    ],
  },
  {
    name: 'Roadmaps',
    permissions: [
      { code: 'roadmap:read', label: 'See hidden roadmaps', description: 'See hidden roadmaps and which ideas are on them.' },
      { code: 'roadmap:create', label: 'Create roadmaps', description: 'Add new roadmaps.' },
      { code: 'roadmap:update', label: 'Edit roadmaps', description: 'Change a roadmap’s name, address, colour, visibility and order.' },
      { code: 'roadmap:destroy', label: 'Delete roadmaps', description: 'Delete roadmaps. Their ideas stay, without a status.' },
      { code: 'roadmap:assign', label: 'Set an idea’s status', description: 'Give an idea a status (a roadmap), or change it.' },
      reserved('roadmap:unassign', 'Clear an idea’s status'),
    ],
  },
  {
    name: 'Dashboard',
    permissions: [{ code: 'dashboard:read', label: 'Open the overview', description: 'See the dashboard’s overview: counts and the newest ideas.' }],
  },
  {
    name: 'Roles',
    permissions: [
      { code: 'role:read', label: 'See roles', description: 'See the roles and their permissions.' },
      { code: 'role:create', label: 'Create roles', description: 'Add new roles, with any permissions.' },
      { code: 'role:update', label: 'Edit roles', description: 'Change a role’s name, description and permissions, any of them.' },
      reserved('role:destroy', 'Delete roles', 'Roles cannot be deleted.'),
      { code: 'role:assign', label: 'Give roles to users', description: 'Give a user a role, and with it the role’s permissions.' },
      { code: 'role:unassign', label: 'Take roles from users', description: 'Take a role away from a user.' },
    ],
  },
  {
    name: 'Settings',
    permissions: [
      reserved('settings:read', 'Read settings', 'The settings are public.'),
      { code: 'settings:update', label: 'Change settings', description: 'Change the site’s title, logo, colour, sign-up and labs.' },
    ],
  },
  {
    name: 'Comments',
    permissions: [
      { code: 'comment:create', label: 'Comment', description: 'Comment on ideas and reply (when the Comments lab is on).' },
      { code: 'comment:create_internal', label: 'Write internal notes', description: 'Write internal comments, and turn a comment internal or public.' },
      { code: 'comment:update:own', label: 'Edit own comments', description: 'Edit the comments they wrote.' },
      { code: 'comment:update:any', label: 'Edit any comment', description: 'Edit anyone’s comment and mark comments as spam.' },
      { code: 'comment:delete:own', label: 'Delete own comments', description: 'Delete the comments they wrote, with their replies.' },
      { code: 'comment:delete:any', label: 'Delete any comment', description: 'Delete anyone’s comment, with its replies.' },
      { code: 'comment:view_internal', label: 'See internal notes', description: 'Read internal comments.' },
    ],
  },
  // feedbackd's own (API.md §8.8) come after LogChimp's 36, so they are a group of their own.
  {
    name: 'Duplicates and changelog',
    permissions: [
      { code: 'post:merge', label: 'Merge duplicate ideas', description: 'Merge an idea into another (its votes and comments join it), and undo a merge.' },
      { code: 'changelog:create', label: 'Write changelog entries', description: 'Write changelog entries and publish them, which mails the voters of the ideas they name.' },
      { code: 'changelog:update', label: 'Edit changelog entries', description: 'Edit, schedule and publish any changelog entry.' },
      { code: 'changelog:destroy', label: 'Delete changelog entries', description: 'Delete changelog entries.' },
    ],
  },
  {
    name: 'Tags and moderation',
    permissions: [
      { code: 'tag:create', label: 'Create tags', description: 'Create tags, public or private.' },
      { code: 'tag:update', label: 'Edit tags', description: 'Rename tags, change their colour and whether visitors see them.' },
      { code: 'tag:destroy', label: 'Delete tags', description: 'Delete tags; the ideas keep everything else.' },
      { code: 'tag:assign', label: 'Tag ideas', description: 'Add tags to ideas and remove them, and see private tags.' },
      { code: 'moderation:review', label: 'Review waiting ideas and comments', description: 'See ideas and comments waiting for approval, approve or decline them, and mark spam.' },
    ],
  },
];

/** Every permission in canonical order (API.md §2.4), as the API lists them. */
export const CANONICAL_ORDER: readonly string[] = PERMISSION_GROUPS.flatMap((group) => group.permissions.map((permission) => permission.code));

/** The held permissions in canonical order, so what is sent reads like what the API answers. */
export function inCanonicalOrder(held: Iterable<string>): string[] {
  const set = new Set(held);
  return CANONICAL_ORDER.filter((code) => set.has(code));
}
