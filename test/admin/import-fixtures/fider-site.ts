/*
 * One Fider site's content, as its tables hold it (columns from Fider's migrations, numbers from
 * app/models/enum): the fixture writes it out as Fider's backup.zip and as its posts CSV, and
 * says what a reader must make of it. Everything is fixed: no randomness, fixed times.
 */

/** users.role */
export const VISITOR = 1;
export const COLLABORATOR = 2;
export const ADMINISTRATOR = 3;
/** users.status */
export const ACTIVE = 1;
export const DELETED = 2;
export const BLOCKED = 3;
/** posts.status */
export const OPEN = 0;
export const STARTED = 1;
export const COMPLETED = 2;
export const DECLINED = 3;
export const PLANNED = 4;
export const DUPLICATE = 5;
export const DELETED_POST = 6;

export interface FiderTenant {
  id: number;
  name: string;
  subdomain: string;
  isPrivate: boolean;
  welcomeMessage: string | null;
  createdAt: string;
}

export interface FiderUser {
  id: number;
  name: string;
  email: string;
  role: number;
  status: number;
  createdAt: string;
}

export interface FiderTag {
  id: number;
  name: string;
  slug: string;
  color: string;
  isPublic: boolean;
  createdAt: string;
}

export interface FiderPost {
  id: number;
  number: number;
  title: string;
  description: string | null;
  userId: number;
  status: number;
  createdAt: string;
  response: string | null;
  responseUserId: number | null;
  responseDate: string | null;
  originalId: number | null;
  isApproved: boolean;
}

export interface FiderVote {
  userId: number;
  postId: number;
  createdAt: string;
}

export interface FiderComment {
  id: number;
  postId: number;
  userId: number;
  content: string | null;
  createdAt: string;
  editedAt: string | null;
  deletedAt: string | null;
  isApproved: boolean;
}

export interface FiderPostTag {
  tagId: number;
  postId: number;
  createdAt: string;
}

export interface FiderAttachment {
  id: number;
  postId: number;
  commentId: number | null;
  userId: number;
  bkey: string;
}

export interface FiderSite {
  tenant: FiderTenant;
  users: FiderUser[];
  tags: FiderTag[];
  posts: FiderPost[];
  votes: FiderVote[];
  comments: FiderComment[];
  postTags: FiderPostTag[];
  attachments: FiderAttachment[];
  /** blobs/<key> → content */
  blobs: Record<string, Uint8Array>;
  subscribers: { userId: number; postId: number; createdAt: string }[];
  userProviders: { userId: number; provider: string; providerUid: string; createdAt: string }[];
}

/**
 * A fixed time, `day` days (and `seconds` and microseconds) after 2024-01-01 UTC, written as Go's
 * JSON writes a time.Time (RFC 3339 with nanoseconds, trailing zeros dropped).
 */
export function at(day: number, seconds = 0, micros = 0): string {
  const whole = new Date(Date.UTC(2024, 0, 1) + day * 86_400_000 + seconds * 1000).toISOString().slice(0, 19);
  const fraction = micros === 0 ? '' : `.${String(micros).padStart(6, '0').replace(/0+$/, '')}`;
  return `${whole}${fraction}Z`;
}

/** The same time as Go's `Format(time.RFC3339)` writes it (the posts CSV): no fraction. */
export function rfc3339(time: string): string {
  return time.replace(/\.\d+Z$/, 'Z');
}

/** How many voters vote for the most wanted post (the issue asks for thousands). */
export const MANY_VOTERS = 2_100;
const FIRST_VOTER_ID = 1000;

const AIKO = 100;
const OMAR = 101;
const ZOE = 102;
const GONE_1 = 103;
const GONE_2 = 104;
const SPAMMER = 105;

/** A site with every status, deleted accounts, a deleted post, a post awaiting moderation, non-Latin text and Markdown. */
export function fiderSite(options: { isPrivate: boolean }): FiderSite {
  const tenant: FiderTenant = options.isPrivate
    ? { id: 9, name: 'Research lab (private)', subdomain: 'lab', isPrivate: true, welcomeMessage: null, createdAt: at(0, 60) }
    : {
        id: 7,
        name: 'Acme フィードバック',
        subdomain: 'acme',
        isPrivate: false,
        welcomeMessage: '## Welcome!\n\nTell us what to build next. مرحبا 👋',
        createdAt: at(0, 30, 120_500),
      };
  const users: FiderUser[] = [
    { id: AIKO, name: '田中 愛子', email: 'aiko@acme.example', role: ADMINISTRATOR, status: ACTIVE, createdAt: at(0, 31) },
    { id: OMAR, name: 'عمر حداد', email: 'Omar.Haddad@Example.org', role: COLLABORATOR, status: ACTIVE, createdAt: at(1, 5, 999_999) },
    { id: ZOE, name: 'Zoë 🚀', email: 'zoe@example.net', role: VISITOR, status: ACTIVE, createdAt: at(2) },
    // Fider blanks a deleted account's name and email, and deletes its votes (DeleteCurrentUser).
    { id: GONE_1, name: '', email: '', role: VISITOR, status: DELETED, createdAt: at(3) },
    { id: GONE_2, name: '', email: '', role: VISITOR, status: DELETED, createdAt: at(3, 10) },
    { id: SPAMMER, name: 'Cheap Watches', email: 'spam@spam.example', role: VISITOR, status: BLOCKED, createdAt: at(4) },
  ];
  for (let i = 0; i < MANY_VOTERS; i += 1) {
    users.push({ id: FIRST_VOTER_ID + i, name: `Voter ${i + 1}`, email: `voter${i + 1}@voters.example`, role: VISITOR, status: ACTIVE, createdAt: at(5, i, (i * 37) % 1_000_000) });
  }
  const tags: FiderTag[] = [
    { id: 1, name: 'bug', slug: 'bug', color: 'E11D48', isPublic: true, createdAt: at(1) },
    { id: 2, name: '新機能', slug: 'xin-ji-neng', color: '22c55e', isPublic: true, createdAt: at(1, 1) },
    { id: 3, name: 'Needs review', slug: 'needs-review', color: '0EA5E9', isPublic: false, createdAt: at(1, 2) },
    { id: 4, name: 'Unused', slug: 'unused', color: '000000', isPublic: true, createdAt: at(1, 3) },
  ];
  const post = (p: Partial<FiderPost> & Pick<FiderPost, 'id' | 'number' | 'title' | 'userId' | 'status' | 'createdAt'>): FiderPost => ({
    description: '',
    response: null,
    responseUserId: null,
    responseDate: null,
    originalId: null,
    isApproved: true,
    ...p,
  });
  const posts: FiderPost[] = [
    post({
      id: 500,
      number: 1,
      title: 'Dark mode 🌙',
      description: 'Please add a **dark mode**:\n\n- for the board\n- for e-mails\n\n```css\nbody { background: #000; }\n```\n\n![](fider-image:attachments/dark-1.png)',
      userId: ZOE,
      status: OPEN,
      createdAt: at(10, 3600, 250_000),
    }),
    post({
      id: 501,
      number: 2,
      title: '検索を速くしてください',
      description: '検索に**十秒**かかります。',
      userId: AIKO,
      status: STARTED,
      createdAt: at(11),
      response: '作業中です — we are on it.',
      responseUserId: AIKO,
      responseDate: at(20, 10, 1),
    }),
    post({
      id: 502,
      number: 3,
      title: 'دعم اللغة العربية',
      description: 'نحتاج إلى دعم الكتابة من اليمين إلى اليسار.',
      userId: OMAR,
      status: COMPLETED,
      createdAt: at(12),
      response: 'Shipped in **2.0** 🎉',
      responseUserId: OMAR,
      responseDate: at(30),
    }),
    post({
      id: 503,
      number: 4,
      title: 'Post by someone who left',
      description: null,
      userId: GONE_1,
      status: DECLINED,
      createdAt: at(13),
      response: 'Not for us, sorry.\n\nSee the [roadmap](https://acme.example/roadmap).',
      responseUserId: AIKO,
      responseDate: at(31),
    }),
    // A status set without a word: Fider keeps an empty response.
    post({ id: 504, number: 5, title: 'Calendar export <ics>', userId: GONE_2, status: PLANNED, createdAt: at(14), response: '', responseUserId: AIKO, responseDate: at(32) }),
    post({
      id: 505,
      number: 6,
      title: 'Night theme',
      userId: ZOE,
      status: DUPLICATE,
      createdAt: at(15),
      response: 'Same as #1.',
      responseUserId: OMAR,
      responseDate: at(33),
      originalId: 500,
    }),
    post({ id: 506, number: 7, title: 'Buy cheap watches', userId: SPAMMER, status: DELETED_POST, createdAt: at(16), response: 'Spam', responseUserId: AIKO, responseDate: at(17) }),
    post({ id: 507, number: 8, title: 'Waiting for a moderator', description: 'Hello?', userId: ZOE, status: OPEN, createdAt: at(18), isApproved: false }),
    post({ id: 508, number: 9, title: 'Open question, quoted "like this", with commas', description: ' starts with a space', userId: OMAR, status: OPEN, createdAt: at(19) }),
  ];
  const votes: FiderVote[] = [];
  for (let i = 0; i < MANY_VOTERS; i += 1) votes.push({ userId: FIRST_VOTER_ID + i, postId: 500, createdAt: at(10, 4000 + i, (i * 7) % 1_000_000) });
  votes.push({ userId: ZOE, postId: 500, createdAt: at(10, 3600, 250_000) });
  for (const [userId, postId, day] of [
    [AIKO, 501, 11],
    [ZOE, 501, 12],
    [SPAMMER, 501, 13],
    [OMAR, 502, 12],
    [AIKO, 503, 14],
    [ZOE, 505, 15],
    [SPAMMER, 506, 16],
    [AIKO, 506, 16],
    [ZOE, 507, 18],
    [AIKO, 504, 20],
  ] as const) {
    votes.push({ userId, postId, createdAt: at(day, 7) });
  }
  const comment = (c: Partial<FiderComment> & Pick<FiderComment, 'id' | 'postId' | 'userId' | 'content' | 'createdAt'>): FiderComment => ({
    editedAt: null,
    deletedAt: null,
    isApproved: true,
    ...c,
  });
  const comments: FiderComment[] = [
    comment({ id: 900, postId: 500, userId: GONE_1, content: 'I agree **strongly**.', createdAt: at(10, 5000) }),
    comment({ id: 901, postId: 500, userId: AIKO, content: '了解しました。検討します 🙏', createdAt: at(10, 6000), editedAt: at(10, 6100) }),
    comment({ id: 902, postId: 501, userId: OMAR, content: 'شكرا!', createdAt: at(12, 1) }),
    comment({ id: 903, postId: 500, userId: ZOE, content: 'Removed later', createdAt: at(10, 7000), deletedAt: at(10, 8000) }),
    comment({ id: 904, postId: 502, userId: SPAMMER, content: 'Waiting for approval', createdAt: at(12, 2), isApproved: false }),
    comment({ id: 905, postId: 506, userId: SPAMMER, content: 'buy buy buy', createdAt: at(16, 1) }),
    comment({ id: 906, postId: 507, userId: AIKO, content: 'We will look', createdAt: at(18, 1) }),
    comment({ id: 907, postId: 503, userId: GONE_2, content: '![](fider-image:attachments/shot-2.png)', createdAt: at(13, 1) }),
    comment({ id: 908, postId: 503, userId: ZOE, content: null, createdAt: at(13, 2) }),
  ];
  const postTags: FiderPostTag[] = [
    { tagId: 1, postId: 500, createdAt: at(10, 9000) },
    { tagId: 3, postId: 500, createdAt: at(10, 9001) },
    { tagId: 2, postId: 501, createdAt: at(11, 1) },
    { tagId: 1, postId: 506, createdAt: at(16, 2) },
    { tagId: 2, postId: 508, createdAt: at(19, 1) },
  ];
  const attachments: FiderAttachment[] = [
    { id: 1, postId: 500, commentId: null, userId: ZOE, bkey: 'attachments/dark-1.png' },
    { id: 2, postId: 503, commentId: 907, userId: GONE_2, bkey: 'attachments/shot-2.png' },
  ];
  // A whole 1×1 PNG: attachments become uploads, which must decode.
  const png = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
  const blobs = { 'attachments/dark-1.png': png, 'attachments/shot-2.png': png, 'logos/acme.png': png };
  const subscribers = [
    { userId: ZOE, postId: 500, createdAt: at(10) },
    { userId: AIKO, postId: 501, createdAt: at(11) },
  ];
  const userProviders = [{ userId: OMAR, provider: 'github', providerUid: '424242', createdAt: at(1, 5) }];
  return { tenant, users, tags, posts, votes, comments, postTags, attachments, blobs, subscribers, userProviders };
}
