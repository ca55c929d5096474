import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  SourceBoard,
  SourceChangelogEntry,
  SourceComment,
  SourceData,
  SourcePost,
  SourceStatus,
  SourceTag,
  SourceUser,
  SourceVote,
} from '../../../src/admin/import-from/source-model.js';
import { type CannyApiData, type CannyObject, startCannyApi, type TestCannyApi } from '../../_helpers/canny-api.js';

/*
 * A Canny company, built from code: what its API answers (objects in the shapes of Canny's API
 * reference) and the posts CSV its admin page exports, with `expected`, the truth in the import
 * model, written by this file from the same plan (not by the reader).
 *
 * Four boards (one private), non-Latin text (Japanese, Arabic, emoji), Markdown, a post with 2,060
 * votes (2,050 listed voters, 3 listed votes of deleted voters, 7 more counted only in its score),
 * deleted authors and commenters (Canny answers `author: null`), a person without an email, comments
 * with replies (and a reply to a reply), internal and private comments, every Canny status plus a
 * custom one, categories and tags (same-named ones across boards, a tag named like a category),
 * changelog entries (published, draft, scheduled), attachments, ETAs, owners and likes.
 */

export const CANNY_API_KEY = 'sk_test_canny_5b1f0c6e9d2a4b7c8e3f1a2b';

// ─── the plan ────────────────────────────────────────────────────────────────────────────────────

interface UserPlan {
  id: string;
  name: string;
  email: string | null;
  created: string;
  isAdmin?: boolean;
}

interface BoardPlan {
  id: string;
  name: string;
  isPrivate: boolean;
  created: string;
}

interface LabelPlan {
  id: string;
  name: string;
  board: string;
  created: string;
}

interface PostPlan {
  id: string;
  board: string;
  title: string;
  details: string;
  status: string;
  /** null: a deleted author. */
  author: string | null;
  created: string;
  category: string | null;
  tags: string[];
  voters: string[];
  /** Listed votes whose voter was deleted (voter: null). */
  deletedVoters: number;
  /** Votes counted in score but not listed at all. */
  unlisted: number;
  images: number;
  eta: string | null;
  owner: string | null;
}

interface CommentPlan {
  id: string;
  post: string;
  parent: string | null;
  author: string | null;
  value: string;
  created: string;
  internal: boolean;
  private: boolean;
  likes: number;
  images: number;
}

interface EntryPlan {
  id: string;
  title: string;
  markdown: string;
  status: 'published' | 'draft' | 'scheduled';
  publishedAt: string | null;
  created: string;
  posts: string[];
  labels: string[];
}

/** Canny's ids are 24 hex digits (MongoDB object ids). */
function oid(kind: number, n: number): string {
  return `5f${kind.toString(16).padStart(2, '0')}${n.toString(16).padStart(20, '0')}`;
}

/** A deterministic random number generator (mulberry32), so that every build is the same. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BASE = Date.parse('2023-01-10T09:00:00.000Z');
const DAY = 86_400_000;
function at(days: number, minutes = 0): string {
  return new Date(BASE + days * DAY + minutes * 60_000).toISOString();
}

const U = {
  alice: oid(1, 1),
  kenji: oid(1, 2),
  layla: oid(1, 3),
  sam: oid(1, 4),
  sso: oid(1, 5),
  bob: oid(1, 6),
};
const B = { features: oid(2, 1), bugs: oid(2, 2), internal: oid(2, 3), integrations: oid(2, 4) };
const C = { mobile: oid(3, 1), mobileBugs: oid(3, 2), billing: oid(3, 3), ui: oid(3, 4) };
const T = { enterprise: oid(4, 1), mobile: oid(4, 2), investigate: oid(4, 3), enterpriseBugs: oid(4, 4) };
const P = (n: number) => oid(5, n);
const CM = (n: number) => oid(6, n);
const E = (n: number) => oid(7, n);
/** A post Canny no longer lists (merged into another): a vote and a comment still point at it. */
const MERGED_POST = oid(5, 99);

const VOTER_COUNT = 2050;

function plan() {
  const random = seeded(32);
  const users: UserPlan[] = [
    { id: U.alice, name: 'Alice Martin', email: 'alice@example.com', created: at(0), isAdmin: true },
    { id: U.kenji, name: '山田 健二', email: 'Kenji.Yamada@example.jp', created: at(1) },
    { id: U.layla, name: 'ليلى حسن', email: 'layla@example.ae', created: at(2) },
    { id: U.sam, name: 'Sam 🚀', email: 'sam@example.com', created: at(3) },
    // Identified through single sign-on without an email: Canny keeps the name only.
    { id: U.sso, name: 'SSO Person', email: null, created: at(4) },
    { id: U.bob, name: 'Bob', email: 'bob@example.org', created: at(5) },
  ];
  const voters: string[] = [];
  for (let n = 1; n <= VOTER_COUNT; n++) {
    const id = oid(9, n);
    voters.push(id);
    const name = n % 3 === 0 ? `投票者 ${n}` : n % 3 === 1 ? `Voter ${n}` : `مصوت ${n}`;
    users.push({ id, name, email: `voter${String(n).padStart(4, '0')}@example.net`, created: at(6, n) });
  }

  const boards: BoardPlan[] = [
    { id: B.features, name: 'Feature Requests', isPrivate: false, created: at(0) },
    { id: B.bugs, name: 'バグ報告', isPrivate: false, created: at(0, 10) },
    { id: B.internal, name: 'Internal Roadmap', isPrivate: true, created: at(0, 20) },
    { id: B.integrations, name: 'Integrations 🔌', isPrivate: false, created: at(0, 30) },
  ];
  const categories: LabelPlan[] = [
    { id: C.mobile, name: 'Mobile', board: B.features, created: at(1) },
    { id: C.mobileBugs, name: 'mobile', board: B.bugs, created: at(2) },
    { id: C.billing, name: 'Billing', board: B.features, created: at(3) },
    { id: C.ui, name: 'واجهة المستخدم', board: B.internal, created: at(4) },
  ];
  const tags: LabelPlan[] = [
    { id: T.enterprise, name: 'Enterprise', board: B.features, created: at(1) },
    { id: T.mobile, name: 'Mobile', board: B.features, created: at(2) },
    { id: T.investigate, name: '要調査', board: B.bugs, created: at(3) },
    { id: T.enterpriseBugs, name: 'enterprise', board: B.bugs, created: at(4) },
  ];

  const post = (p: Partial<PostPlan> & Pick<PostPlan, 'id' | 'board' | 'title' | 'status' | 'created'>): PostPlan => ({
    details: '',
    author: U.alice,
    category: null,
    tags: [],
    voters: [],
    deletedVoters: 0,
    unlisted: 0,
    images: 0,
    eta: null,
    owner: null,
    ...p,
  });
  const posts: PostPlan[] = [
    post({
      id: P(1),
      board: B.features,
      title: 'Dark mode',
      details: '## Why\n\nOur eyes **hurt** at night.\n\n- iOS\n- Android\n\n```css\nbody { background: #000; }\n```',
      status: 'open',
      author: U.sam,
      created: at(10),
      category: C.mobile,
      tags: [T.enterprise, T.mobile],
      voters: voters,
      deletedVoters: 3,
      unlisted: 7,
      images: 2,
    }),
    post({
      id: P(2),
      board: B.features,
      title: 'CSV export, with "quotes", commas and a\nline break',
      details: 'Export all posts, votes and comments.\nOne row a post.',
      status: 'under review',
      author: U.kenji,
      created: at(11),
      category: C.billing,
      voters: [U.alice, U.layla, U.sso],
      eta: '2024-06',
      owner: U.alice,
    }),
    post({
      id: P(3),
      board: B.bugs,
      title: 'ログインできない',
      details: 'Safari で**ログイン**ボタンを押しても何も起きません。',
      status: 'planned',
      author: U.kenji,
      created: at(12),
      category: C.mobileBugs,
      tags: [T.investigate, T.enterpriseBugs],
      voters: [U.kenji, U.sam],
      deletedVoters: 1,
    }),
    post({
      id: P(4),
      board: B.bugs,
      title: 'Crash on upload',
      details: '',
      status: 'in progress',
      author: null,
      created: at(13),
      voters: [U.bob],
      unlisted: 4,
    }),
    post({
      id: P(5),
      board: B.internal,
      title: 'خارطة الطريق للربع القادم',
      details: 'خطة **داخلية** للفريق فقط.',
      status: 'complete',
      author: U.layla,
      created: at(14),
      category: C.ui,
      voters: [U.layla, U.alice],
    }),
    post({ id: P(6), board: B.internal, title: 'Retire the old API', details: 'Done > [notes](https://example.com/notes)', status: 'closed', author: U.alice, created: at(15) }),
    post({
      id: P(7),
      board: B.integrations,
      title: 'Slack integration 💬',
      details: 'Post to a channel when a status changes 🎉',
      status: 'awaiting feedback',
      author: U.sso,
      created: at(16),
      tags: [T.enterprise],
      voters: [U.sso, U.kenji],
      images: 1,
    }),
    post({ id: P(8), board: B.features, title: 'Keyboard shortcuts', details: 'j/k to move, `v` to vote', status: 'open', author: null, created: at(17), voters: [], deletedVoters: 2 }),
  ];

  const comment = (c: Partial<CommentPlan> & Pick<CommentPlan, 'id' | 'post' | 'value' | 'created'>): CommentPlan => ({
    parent: null,
    author: U.alice,
    internal: false,
    private: false,
    likes: 0,
    images: 0,
    ...c,
  });
  const comments: CommentPlan[] = [
    comment({ id: CM(1), post: P(1), author: U.kenji, value: 'ダークモード、ぜひ欲しいです！', created: at(20), likes: 12 }),
    comment({ id: CM(2), post: P(1), parent: CM(1), author: U.alice, value: 'Thanks! We are **looking into it**.', created: at(20, 30) }),
    comment({ id: CM(3), post: P(1), parent: CM(2), author: U.layla, value: 'شكراً 🙏', created: at(20, 45), likes: 1 }),
    comment({ id: CM(4), post: P(1), author: null, value: 'Written by someone who left.', created: at(21) }),
    comment({ id: CM(5), post: P(1), author: U.alice, value: 'Internal: needs design time.', created: at(21, 5), internal: true }),
    comment({ id: CM(6), post: P(2), author: U.sso, value: 'Our accountant needs this.', created: at(22), private: true, images: 1 }),
    comment({ id: CM(7), post: P(3), author: U.sam, value: 'Same on Firefox:\n\n> nothing happens', created: at(23) }),
    comment({ id: CM(8), post: P(3), parent: CM(7), author: null, value: 'Reply by a deleted user.', created: at(23, 10) }),
    comment({ id: CM(9), post: P(5), author: U.alice, value: 'Shipped in 2.0 ✅', created: at(24), internal: true }),
    comment({ id: CM(10), post: MERGED_POST, author: U.bob, value: 'On a post that was merged away.', created: at(25) }),
  ];

  const entries: EntryPlan[] = [
    {
      id: E(1),
      title: 'Dark mode is here 🌙',
      markdown: '# Dark mode\n\nSwitch it on in **Settings → Appearance**.\n\n- follows the system\n- per device',
      status: 'published',
      publishedAt: at(40),
      created: at(39),
      posts: [P(5), P(1)],
      labels: ['New', 'Improved'],
    },
    { id: E(2), title: 'リリースノート（下書き）', markdown: '準備中です。', status: 'draft', publishedAt: null, created: at(41), posts: [P(3)], labels: [] },
    { id: E(3), title: 'Slack, soon', markdown: 'Coming *next week*.', status: 'scheduled', publishedAt: at(60), created: at(42), posts: [P(7), MERGED_POST], labels: [] },
  ];

  // Vote times: after the post, before day 400, from the seeded generator.
  const voteTimes = new Map<string, string[]>();
  for (const p of posts) {
    const created = Date.parse(p.created);
    const times: string[] = [];
    for (let n = 0; n < p.voters.length + p.deletedVoters; n++) times.push(new Date(created + Math.floor(random() * 300 * DAY)).toISOString());
    voteTimes.set(p.id, times);
  }
  return { users, voters, boards, categories, tags, posts, comments, entries, voteTimes };
}

type Plan = ReturnType<typeof plan>;

// ─── what Canny's API answers ────────────────────────────────────────────────────────────────────

function cannyApiData(p: Plan): CannyApiData {
  const userById = new Map(p.users.map((user) => [user.id, user]));
  const boardById = new Map(p.boards.map((board) => [board.id, board]));
  const postsOn = (boardId: string) => p.posts.filter((post) => post.board === boardId).length;
  const userObject = (id: string | null): CannyObject | null => {
    if (id === null) return null;
    const user = userById.get(id)!;
    return {
      id: user.id,
      created: user.created,
      email: user.email,
      isAdmin: user.isAdmin ?? false,
      name: user.name,
      url: `https://acme.canny.io/admin/users/${user.id}`,
      userID: user.email === null ? `sso-${user.id.slice(-4)}` : null,
    };
  };
  const boardObject = (id: string): CannyObject => {
    const board = boardById.get(id)!;
    return {
      id: board.id,
      created: board.created,
      isPrivate: board.isPrivate,
      name: board.name,
      postCount: postsOn(board.id),
      privateComments: false,
      url: `https://acme.canny.io/admin/board/${board.id}`,
    };
  };
  const labelObject = (label: LabelPlan): CannyObject => ({
    id: label.id,
    board: boardObject(label.board),
    created: label.created,
    name: label.name,
    postCount: 1,
    url: `https://acme.canny.io/admin/board/${label.board}?label=${label.id}`,
  });
  const categoryById = new Map(p.categories.map((category) => [category.id, category]));
  const tagById = new Map(p.tags.map((tag) => [tag.id, tag]));
  const postSummary = (id: string): CannyObject => {
    const post = p.posts.find((candidate) => candidate.id === id);
    return post === undefined
      ? { id, title: 'Merged away', status: 'open', score: 0, url: `https://acme.canny.io/p/${id}` }
      : { id: post.id, title: post.title, status: post.status, score: score(post), url: postUrl(post) };
  };

  const posts = p.posts.map((post) => ({
    id: post.id,
    author: userObject(post.author),
    board: boardObject(post.board),
    by: null,
    category: post.category === null ? null : { ...labelObject(categoryById.get(post.category)!), parentID: null },
    commentCount: p.comments.filter((comment) => comment.post === post.id).length,
    created: post.created,
    details: post.details,
    eta: post.eta,
    imageURLs: Array.from({ length: post.images }, (_, n) => `https://canny-assets.io/images/${post.id}-${n}.png`),
    jira: { linkedIssues: [] },
    owner: userObject(post.owner),
    score: score(post),
    status: post.status,
    tags: post.tags.map((tag) => labelObject(tagById.get(tag)!)),
    title: post.title,
    url: postUrl(post),
  }));
  const comments = p.comments.map((comment) => ({
    id: comment.id,
    author: userObject(comment.author),
    board: boardObject(p.posts.find((post) => post.id === comment.post)?.board ?? B.features),
    created: comment.created,
    imageURLs: Array.from({ length: comment.images }, (_, n) => `https://canny-assets.io/images/${comment.id}-${n}.png`),
    internal: comment.internal,
    likeCount: comment.likes,
    mentions: [],
    parentID: comment.parent,
    post: postSummary(comment.post),
    private: comment.private,
    reactions: { like: comment.likes },
    value: comment.value,
  }));
  const votes: CannyObject[] = [];
  let voteNumber = 0;
  for (const post of p.posts) {
    const times = p.voteTimes.get(post.id)!;
    const voters: Array<string | null> = [...post.voters, ...Array<null>(post.deletedVoters).fill(null)];
    voters.forEach((voter, n) => {
      voteNumber++;
      votes.push({ id: oid(8, voteNumber), board: boardObject(post.board), by: null, created: times[n], post: postSummary(post.id), voter: userObject(voter), votePriority: 'No priority' });
    });
  }
  votes.push({ id: oid(8, 99_999), board: boardObject(B.features), by: null, created: at(30), post: postSummary(MERGED_POST), voter: userObject(U.bob), votePriority: 'No priority' });
  const entries = p.entries.map((entry) => ({
    id: entry.id,
    created: entry.created,
    labels: entry.labels.map((name, n) => ({ id: oid(10, n + 1), created: entry.created, entryCount: 1, name, url: `https://acme.canny.io/changelog?labels=${name}` })),
    lastSaved: entry.created,
    markdownDetails: entry.markdown,
    plaintextDetails: entry.markdown.replace(/[#*]/g, ''),
    posts: entry.posts.map(postSummary),
    publishedAt: entry.publishedAt,
    reactions: { like: 3 },
    status: entry.status,
    title: entry.title,
    types: ['new'],
    url: `https://acme.canny.io/changelog/${entry.id}`,
  }));
  return {
    boards: p.boards.map((board) => boardObject(board.id)),
    categories: p.categories.map((category) => ({ ...labelObject(category), parentID: null })),
    tags: p.tags.map(labelObject),
    users: p.users.map((user) => userObject(user.id)!),
    posts,
    comments,
    votes,
    entries,
  };
}

function score(post: PostPlan): number {
  return post.voters.length + post.deletedVoters + post.unlisted;
}

function postUrl(post: PostPlan): string {
  return `https://acme.canny.io/admin/board/${post.board}/p/${post.id}`;
}

// ─── the truth, in the import model ──────────────────────────────────────────────────────────────

const STATUS_NAMES: Array<[string, string]> = [
  ['open', 'Open'],
  ['under review', 'Under Review'],
  ['planned', 'Planned'],
  ['in progress', 'In Progress'],
  ['complete', 'Complete'],
  ['closed', 'Closed'],
  ['awaiting feedback', 'Awaiting Feedback'],
];

function expectedStatuses(): SourceStatus[] {
  return STATUS_NAMES.map(([sourceId, name]) => ({ sourceId, name, color: null, isDefault: sourceId === 'open' }));
}

/** Categories public, tags private; "Mobile"/"mobile" categories are one, "Enterprise"/"enterprise" tags too; the "Mobile" tag is "Mobile (tag)". */
function expectedTags(): { tags: SourceTag[]; idOf: Map<string, string> } {
  const tags: SourceTag[] = [
    { sourceId: C.mobile, name: 'Mobile', color: null, isPrivate: false },
    { sourceId: C.billing, name: 'Billing', color: null, isPrivate: false },
    { sourceId: C.ui, name: 'واجهة المستخدم', color: null, isPrivate: false },
    { sourceId: T.enterprise, name: 'Enterprise', color: null, isPrivate: true },
    { sourceId: T.mobile, name: 'Mobile (tag)', color: null, isPrivate: true },
    { sourceId: T.investigate, name: '要調査', color: null, isPrivate: true },
  ];
  const idOf = new Map<string, string>([
    [C.mobile, C.mobile],
    [C.mobileBugs, C.mobile],
    [C.billing, C.billing],
    [C.ui, C.ui],
    [T.enterprise, T.enterprise],
    [T.enterpriseBugs, T.enterprise],
    [T.mobile, T.mobile],
    [T.investigate, T.investigate],
  ]);
  return { tags, idOf };
}

function expectedFromApi(p: Plan): SourceData {
  const { tags, idOf } = expectedTags();
  const users: SourceUser[] = p.users.map((user) => ({ sourceId: user.id, email: user.email, name: user.name, createdAt: user.created }));
  const boards: SourceBoard[] = p.boards.map((board) => ({ sourceId: board.id, name: board.name, description: null, hidden: board.isPrivate, createdAt: board.created }));
  const posts: SourcePost[] = p.posts.map((post) => {
    const tagIds = [...new Set([...(post.category === null ? [] : [post.category]), ...post.tags].map((id) => idOf.get(id)!))];
    const expected: SourcePost = {
      sourceId: post.id,
      title: post.title,
      content: post.details,
      boardId: post.board,
      statusId: post.status,
      authorId: post.author,
      createdAt: post.created,
      tagIds,
    };
    if (post.unlisted > 0) expected.voteCount = score(post);
    return expected;
  });
  const votes: SourceVote[] = p.posts.flatMap((post) => {
    const times = p.voteTimes.get(post.id)!;
    return [...post.voters, ...Array<null>(post.deletedVoters).fill(null)].map((userId, n) => ({ postId: post.id, userId, createdAt: times[n]! }));
  });
  const comments: SourceComment[] = p.comments
    .filter((comment) => comment.post !== MERGED_POST)
    .map((comment) => ({
      sourceId: comment.id,
      postId: comment.post,
      parentId: comment.parent,
      authorId: comment.author,
      body: comment.value,
      createdAt: comment.created,
      internal: comment.internal || comment.private,
    }));
  const changelog: SourceChangelogEntry[] = p.entries.map((entry) => ({
    sourceId: entry.id,
    title: entry.title,
    content: entry.markdown,
    publishedAt: entry.status === 'published' ? entry.publishedAt : null,
    createdAt: entry.created,
    postIds: entry.posts.filter((id) => id !== MERGED_POST),
  }));
  const keptComments = p.comments.filter((comment) => comment.post !== MERGED_POST);
  const attachments = p.posts.reduce((sum, post) => sum + post.images, 0) + keptComments.reduce((sum, comment) => sum + comment.images, 0);
  return {
    tool: 'canny',
    site: '',
    users,
    boards,
    statuses: expectedStatuses(),
    tags,
    posts,
    votes,
    comments,
    changelog,
    leftOut: [
      `${attachments} attachments (images of posts and comments): not imported`,
      `${p.posts.filter((post) => post.eta !== null).length} post ETAs: feedbackd has no ETA, not imported`,
      `${p.posts.filter((post) => post.owner !== null).length} post owners (the admin in charge): not imported`,
      `${keptComments.reduce((sum, comment) => sum + comment.likes, 0)} comment likes: not imported`,
      `${keptComments.filter((comment) => comment.private).length} private comments (seen by the post's author and the team in Canny): imported as internal comments`,
      '1 comments on posts the API no longer lists (deleted or merged): skipped',
      '1 votes on posts the API no longer lists (deleted or merged): skipped',
      '1 scheduled changelog entries: imported as drafts',
      `${p.entries.reduce((sum, entry) => sum + entry.labels.length, 0)} changelog labels: not imported`,
    ],
  };
}

// ─── the posts CSV Canny's admin exports ─────────────────────────────────────────────────────────

/** The export's header: the columns the reader relies on, among others it leaves alone. */
export const CANNY_CSV_HEADER = ['Title', 'Details', 'Board', 'Category', 'Status', 'Tags', 'Owner', 'ETA', 'Author Name', 'Author Email', 'Votes', 'Created At', 'URL'];

function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** "2023-01-20 09:00:00": Canny's export writes UTC times without a zone. */
function csvTime(iso: string): string {
  return iso.replace('T', ' ').replace(/\.\d{3}Z$/, '');
}

function cannyCsv(p: Plan): string {
  const userById = new Map(p.users.map((user) => [user.id, user]));
  const boardById = new Map(p.boards.map((board) => [board.id, board]));
  const labelName = new Map([...p.categories, ...p.tags].map((label) => [label.id, label.name]));
  const rows = p.posts.map((post) => {
    const author = post.author === null ? undefined : userById.get(post.author);
    return [
      post.title,
      post.details,
      boardById.get(post.board)!.name,
      post.category === null ? '' : labelName.get(post.category)!,
      post.status,
      post.tags.map((tag) => labelName.get(tag)!).join(', '),
      post.owner === null ? '' : userById.get(post.owner)!.name,
      post.eta ?? '',
      author?.name ?? '',
      author?.email ?? '',
      String(score(post)),
      csvTime(post.created),
      postUrl(post),
    ];
  });
  return `\uFEFF${[CANNY_CSV_HEADER, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

function expectedFromCsv(p: Plan): SourceData {
  const userById = new Map(p.users.map((user) => [user.id, user]));
  const boardById = new Map(p.boards.map((board) => [board.id, board]));
  const labelName = new Map([...p.categories, ...p.tags].map((label) => [label.id, label.name]));
  const users = new Map<string, SourceUser>();
  const boards = new Map<string, SourceBoard>();
  const posts: SourcePost[] = p.posts.map((post) => {
    const boardName = boardById.get(post.board)!.name;
    if (!boards.has(boardName)) boards.set(boardName, { sourceId: boardName, name: boardName, description: null, hidden: false, createdAt: post.created });
    let authorId: string | null = null;
    if (post.author !== null) {
      const author = userById.get(post.author)!;
      authorId = author.email === null ? `name:${author.name}` : `email:${author.email.toLowerCase()}`;
      if (!users.has(authorId)) users.set(authorId, { sourceId: authorId, email: author.email, name: author.name, createdAt: post.created });
    }
    // Ids made from names; the CSV's "Mobile" tag is still "Mobile (tag)", "enterprise" is "Enterprise".
    const tagIds = [
      ...(post.category === null ? [] : [`category:${labelName.get(post.category)!.toLowerCase()}`]),
      ...post.tags.map((tag) => `tag:${labelName.get(tag)!.toLowerCase()}`),
    ];
    return {
      sourceId: postUrl(post),
      title: post.title,
      content: post.details,
      boardId: boardName,
      statusId: post.status,
      authorId,
      createdAt: post.created,
      tagIds: [...new Set(tagIds)],
      voteCount: score(post),
    };
  });
  const tags: SourceTag[] = [
    { sourceId: 'category:billing', name: 'Billing', color: null, isPrivate: false },
    { sourceId: 'category:mobile', name: 'Mobile', color: null, isPrivate: false },
    { sourceId: 'category:واجهة المستخدم', name: 'واجهة المستخدم', color: null, isPrivate: false },
    { sourceId: 'tag:enterprise', name: 'Enterprise', color: null, isPrivate: true },
    { sourceId: 'tag:mobile', name: 'Mobile (tag)', color: null, isPrivate: true },
    { sourceId: 'tag:要調査', name: '要調査', color: null, isPrivate: true },
  ];
  return {
    tool: 'canny',
    site: '',
    users: [...users.values()],
    boards: [...boards.values()],
    statuses: expectedStatuses(),
    tags,
    posts,
    votes: [],
    comments: [],
    changelog: [],
    leftOut: [
      `${posts.length} posts: Canny's posts CSV holds no comments, no voters and no changelog (read Canny's API with --api-key-file to bring them); votes are counted only`,
      `${boards.size} boards: the CSV does not say which are private, so all are imported visible (hide the private ones afterwards)`,
    ],
  };
}

// ─── what tests use ──────────────────────────────────────────────────────────────────────────────

export interface CannyApiFixture {
  data: CannyApiData;
  apiKey: string;
  expected: SourceData;
}

/** Canny's API data and the truth read from it (no server: start one with startCannyApi). */
export function buildCannyApiData(): CannyApiFixture {
  const p = plan();
  return { data: cannyApiData(p), apiKey: CANNY_API_KEY, expected: expectedFromApi(p) };
}

/** The posts CSV Canny exports, written to `dir`, and the truth read from it. */
export async function buildCannyCsvFixture(dir: string): Promise<{ source: string; expected: SourceData }> {
  const p = plan();
  const source = join(dir, 'canny-posts.csv');
  await writeFile(source, cannyCsv(p));
  return { source, expected: expectedFromCsv(p) };
}

/**
 * Both ways in, for the end-to-end tests: a local Canny API serving the company (the key in
 * `<dir>/canny-api-key`, as --api-key-file reads it), and the CSV export. `source` is undefined:
 * the API is read with apiKeyFile and apiUrl. Close the server after.
 */
export async function buildCannyFixture(dir: string): Promise<{
  source: undefined;
  apiKeyFile: string;
  apiKey: string;
  apiUrl: string;
  api: TestCannyApi;
  expected: SourceData;
  csv: { source: string; expected: SourceData };
  close(): Promise<void>;
}> {
  const fixture = buildCannyApiData();
  const api = await startCannyApi(fixture.data, fixture.apiKey);
  const apiKeyFile = join(dir, 'canny-api-key');
  await writeFile(apiKeyFile, `${fixture.apiKey}\n`, { mode: 0o600 });
  return {
    source: undefined,
    apiKeyFile,
    apiKey: fixture.apiKey,
    apiUrl: api.url,
    api,
    expected: fixture.expected,
    csv: await buildCannyCsvFixture(dir),
    close: () => api.close(),
  };
}

// ─── damaged sources ─────────────────────────────────────────────────────────────────────────────

/** A copy of the API data where one post has a number for a title. */
export function withBadPostTitle(data: CannyApiData, postId: string): CannyApiData {
  return { ...data, posts: data.posts.map((post) => (post.id === postId ? { ...post, title: 42 } : post)) };
}

/** A copy where one vote's time is not a time. */
export function withBadVoteTime(data: CannyApiData, index: number): CannyApiData {
  return { ...data, votes: data.votes.map((vote, n) => (n === index ? { ...vote, created: 'yesterday-ish' } : vote)) };
}

/** The CSV cut off in the middle of a quoted field (a download that stopped). */
export async function writeTruncatedCannyCsv(dir: string): Promise<string> {
  const text = cannyCsv(plan());
  const cut = text.indexOf('"CSV export, with') + 20;
  const path = join(dir, 'canny-truncated.csv');
  await writeFile(path, text.slice(0, cut));
  return path;
}

/** The CSV cut off in the middle of an unquoted row: fewer fields than the header. */
export async function writeCutRowCannyCsv(dir: string): Promise<string> {
  const lines = cannyCsv(plan()).split('\r\n');
  const last = lines.length - 2;
  lines[last] = lines[last]!.split(',').slice(0, 4).join(',');
  const path = join(dir, 'canny-cut-row.csv');
  await writeFile(path, lines.slice(0, last + 1).join('\r\n'));
  return path;
}

/** A Canny CSV whose row 4 (the third post; the header is row 1) says "many" votes. */
export async function writeBadVotesCannyCsv(dir: string): Promise<string> {
  const lines = cannyCsv(plan()).split('\r\n');
  const row = 3; // lines[0] is the header
  const cells = lines[row]!.split(',');
  const votesAt = cells.length - 3;
  cells[votesAt] = 'many';
  lines[row] = cells.join(',');
  const path = join(dir, 'canny-bad-votes.csv');
  await writeFile(path, lines.join('\r\n'));
  return path;
}

/** Another tool's CSV: Fider's posts export (its header), given to --from canny. */
export async function writeFiderCsv(dir: string): Promise<string> {
  const path = join(dir, 'fider-posts.csv');
  await writeFile(
    path,
    'number,title,description,created_at,created_by,votes_count,comments_count,status,responded_by,responded_at,response,tags\r\n' +
      '1,Dark mode,Please,2023-01-01T10:00:00Z,Alice,12,2,open,,,,\r\n',
  );
  return path;
}

/** A zip (a Fider backup or a feedbackd export) given as Canny's CSV. */
export async function writeZipAsCannyCsv(dir: string): Promise<string> {
  const path = join(dir, 'backup.zip');
  await writeFile(path, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]));
  return path;
}
