import type {
  ActivityRow,
  BoardRow,
  CommentRow,
  MailLogRow,
  MailTokenRow,
  OutboxEventRow,
  PostRow,
  RoadmapRow,
  RoleRow,
  SettingsRow,
  UserRoleRow,
  UserRow,
  VoteRow,
  WebhookEndpointRow,
} from '../types.js';
import { isHeld } from '../types.js';
import { ActivityVisibilityIndex } from './activity-visibility.js';
import { noticeIndexes, noticeTables } from './notice-indexes.js';
import { mergeIndexes, mergeTables } from './merge-repos.js';
import { uploadIndexes, uploadTables } from './upload-repos.js';
import { signInIndexes, signInTables } from './sign-in-repos.js';
import { changelogIndexes, changelogTables } from './changelog-repos.js';
import { tagIndexes, tagTables } from './tag-repos.js';
import { type DatabaseDocument, SCHEMA_VERSION, TABLE_NAMES, type TableName, type TableRows } from './document.js';
import { deepFreeze } from './frozen.js';
import { byLowerCasedName } from './name-search.js';
import { OrderedIndex } from './ordered-index.js';
import { PostCatalog } from './post-catalog.js';
import { byRoadmapIndex } from './roadmap-queries.js';
import { compareTimed, SortedList } from './sorted-list.js';
import { SortedSubset } from './sorted-subset.js';
import { CountIndex, FlagIndex, GroupIndex, Table, UniqueIndex } from './table.js';

/** Every table of the in-memory database. */
export type Tables = { [K in TableName]: Table<TableRows[K]> };

/** The tables with their uniqueness rules (API.md §1.13) and read indexes. */
function buildTables() {
  const indexes = {
    userByEmail: new UniqueIndex<UserRow>('users.email', (u) => u.email.toLowerCase()),
    userByUsername: new UniqueIndex<UserRow>('users.username', (u) => u.username),
    owner: new UniqueIndex<UserRow>('users.owner', (u) => (u.isOwner ? 'owner' : undefined)),
    usersInOrder: new SortedList<UserRow>(),
    roleByName: new UniqueIndex<RoleRow>('roles.name', (r) => r.name.toLowerCase()),
    rolesInOrder: new SortedList<RoleRow>(),
    userRoleByPair: new UniqueIndex<UserRoleRow>('userRoles.userRole', (a) => `${a.userId}/${a.roleId}`),
    userRolesByUser: new GroupIndex<UserRoleRow>((a) => a.userId),
    boardByUrl: new UniqueIndex<BoardRow>('boards.url', (b) => b.url),
    boardsInOrder: new SortedList<BoardRow>(),
    hiddenBoards: new FlagIndex<BoardRow>((b) => !b.display),
    displayedBoardsInOrder: new SortedSubset<BoardRow>((b) => b.display),
    boardsByName: new OrderedIndex<BoardRow>(byLowerCasedName),
    roadmapByUrl: new UniqueIndex<RoadmapRow>('roadmaps.url', (r) => r.url),
    roadmapByIndex: new UniqueIndex<RoadmapRow>('roadmaps.index', (r) => String(r.index)),
    roadmapsInOrder: new OrderedIndex<RoadmapRow>(byRoadmapIndex),
    shownRoadmapsInOrder: new OrderedIndex<RoadmapRow>(byRoadmapIndex, (r) => r.display),
    hiddenRoadmapsInOrder: new OrderedIndex<RoadmapRow>(byRoadmapIndex, (r) => !r.display),
    roadmapsByName: new OrderedIndex<RoadmapRow>(byLowerCasedName),
    postBySlug: new UniqueIndex<PostRow>('posts.slug', (p) => p.slug),
    postsInOrder: new SortedList<PostRow>(),
    postsByBoard: new GroupIndex<PostRow>((p) => p.boardId),
    postsByRoadmap: new GroupIndex<PostRow>((p) => p.roadmapId),
    postCountByUser: new CountIndex<PostRow>((p) => p.userId),
    postsByUser: new GroupIndex<PostRow>((p) => p.userId),
    // The approval queue (issue 31 §2): held posts leave lists and counts; the queue reads them in order.
    heldPosts: new FlagIndex<PostRow>(isHeld),
    waitingPostsInOrder: new SortedSubset<PostRow>((p) => p.approval === 'waiting'),
    spamPostsInOrder: new SortedSubset<PostRow>((p) => p.approval === 'spam'),
    approvedPostCountByBoard: new CountIndex<PostRow>((p) => (isHeld(p) ? null : p.boardId)),
    voteByUserPost: new UniqueIndex<VoteRow>('votes.userPost', (v) => `${v.userId}/${v.postId}`),
    votesByPost: new GroupIndex<VoteRow>((v) => v.postId),
    voteCountByUser: new CountIndex<VoteRow>((v) => v.userId),
    votesByUser: new GroupIndex<VoteRow>((v) => v.userId),
    commentsByPost: new GroupIndex<CommentRow>((c) => c.postId),
    commentsByParent: new GroupIndex<CommentRow>((c) => c.parentId),
    commentsByUser: new GroupIndex<CommentRow>((c) => c.userId),
    commentsInOrder: new SortedList<CommentRow>(),
    // Kept per write (an edit that makes a comment internal moves it out), so a post list counts without reading comments.
    publicCommentCountByPost: new CountIndex<CommentRow>((c) => (c.isInternal || isHeld(c) ? null : c.postId)),
    shownCommentsInOrder: new SortedSubset<CommentRow>((c) => !isHeld(c)),
    waitingCommentsInOrder: new SortedSubset<CommentRow>((c) => c.approval === 'waiting'),
    spamCommentsInOrder: new SortedSubset<CommentRow>((c) => c.approval === 'spam'),
    activityByComment: new UniqueIndex<ActivityRow>('activities.comment', (a) => a.commentId),
    activitiesByPost: new GroupIndex<ActivityRow>((a) => a.postId),
    activitiesByVisibility: new ActivityVisibilityIndex(),
    mailTokenByHash: new UniqueIndex<MailTokenRow>('mailTokens.tokenHash', (t) => t.tokenHash),
    mailTokensByUser: new GroupIndex<MailTokenRow>((t) => t.userId),
    mailLogInOrder: new SortedList<MailLogRow>(),
    postCatalog: new PostCatalog(),
    outboxInOrder: new SortedList<OutboxEventRow>(),
    webhookEndpointsInOrder: new SortedList<WebhookEndpointRow>(),
    ...noticeIndexes(),
    ...signInIndexes(),
    ...changelogIndexes(),
    ...mergeIndexes(),
    ...tagIndexes(),
    ...uploadIndexes(),
  };
  const i = indexes;
  const tables: Tables = {
    users: new Table('users', [i.userByEmail, i.userByUsername, i.owner], [i.usersInOrder]),
    roles: new Table('roles', [i.roleByName], [i.rolesInOrder]),
    userRoles: new Table('userRoles', [i.userRoleByPair], [i.userRolesByUser]),
    boards: new Table('boards', [i.boardByUrl], [i.boardsInOrder, i.hiddenBoards, i.displayedBoardsInOrder, i.boardsByName]),
    roadmaps: new Table('roadmaps', [i.roadmapByUrl, i.roadmapByIndex], [
      i.roadmapsInOrder,
      i.shownRoadmapsInOrder,
      i.hiddenRoadmapsInOrder,
      i.roadmapsByName,
    ]),
    posts: new Table('posts', [i.postBySlug], [
      i.postsInOrder,
      i.postsByBoard,
      i.postsByRoadmap,
      i.postCountByUser,
      i.postsByUser,
      i.heldPosts,
      i.waitingPostsInOrder,
      i.spamPostsInOrder,
      i.approvedPostCountByBoard,
      i.postCatalog.onPosts,
    ]),
    votes: new Table('votes', [i.voteByUserPost], [i.votesByPost, i.voteCountByUser, i.votesByUser, i.postCatalog.onVotes]),
    comments: new Table('comments', [], [
      i.commentsByPost,
      i.commentsByParent,
      i.commentsByUser,
      i.commentsInOrder,
      i.publicCommentCountByPost,
      i.shownCommentsInOrder,
      i.waitingCommentsInOrder,
      i.spamCommentsInOrder,
      i.activitiesByVisibility.onComments,
    ]),
    activities: new Table('activities', [i.activityByComment], [i.activitiesByPost, i.activitiesByVisibility.onActivities]),
    mailTokens: new Table('mailTokens', [i.mailTokenByHash], [i.mailTokensByUser]),
    mailLog: new Table('mailLog', [], [i.mailLogInOrder]),
    outbox: new Table('outbox', [], [i.outboxInOrder]),
    webhookEndpoints: new Table('webhookEndpoints', [], [i.webhookEndpointsInOrder]),
    ...noticeTables(i),
    ...signInTables(i),
    ...changelogTables(i),
    ...mergeTables(i),
    ...tagTables(i),
    ...uploadTables(i),
  };
  return { tables, indexes };
}

/** The read indexes and uniqueness rules, by name. */
export type Indexes = ReturnType<typeof buildTables>['indexes'];

/** The live database: tables, indexes, settings, and the sequence number of the last committed transaction. */
export class MemoryDb {
  readonly tables: Tables;
  readonly indexes: Indexes;
  settings: SettingsRow;
  seq: number;

  private constructor(settings: SettingsRow, seq: number) {
    const { tables, indexes } = buildTables();
    this.tables = tables;
    this.indexes = indexes;
    this.settings = deepFreeze(settings);
    this.seq = seq;
  }

  /** Builds the database from a current-version document; rows are frozen in place, unique rules checked. */
  static fromDocument(doc: DatabaseDocument): MemoryDb {
    const db = new MemoryDb(doc.settings, doc.seq);
    db.indexes.postCatalog.deferOrders();
    for (const name of TABLE_NAMES) loadTable(db, doc, name);
    db.indexes.postCatalog.buildOrders();
    return db;
  }

  /** A consistent point-in-time copy: rows are immutable, so copying the row lists is enough. */
  toDocument(): DatabaseDocument {
    const tables = {} as DatabaseDocument['tables'];
    for (const name of TABLE_NAMES) (tables as Record<TableName, unknown[]>)[name] = this.tables[name].all();
    return { schemaVersion: SCHEMA_VERSION, seq: this.seq, settings: this.settings, tables };
  }
}

function loadTable<K extends TableName>(db: MemoryDb, doc: DatabaseDocument, name: K): void {
  loadRows<TableRows[K]>(db.tables[name], doc.tables[name]);
}

/** Adds rows in (createdAt, id) order so every sorted index only ever appends. */
function loadRows<Row extends { id: string; createdAt: string }>(table: Table<Row>, rows: Row[]): void {
  for (const row of rows.slice().sort(compareTimed)) {
    deepFreeze(row);
    table.checkInsert(row);
    table.add(row);
  }
}
