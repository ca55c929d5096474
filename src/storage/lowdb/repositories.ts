import { isHeld } from '../types.js';
import type {
  BoardsRepo,
  MailLogRepo,
  MailTokensRepo,
  PostsRepo,
  Repositories,
  RoadmapsRepo,
  RolesRepo,
  SettingsRepo,
  UserRolesRepo,
  UsersRepo,
  VotesRepo,
  VoteSummary,
} from '../types.js';
import type { Access } from './access.js';
import { boardPage, clearPostsBoard, countPostsByBoards } from './board-queries.js';
import { activitiesRepo, commentsRepo, heldPage } from './comment-repos.js';
import type { MemoryDb } from './memory-db.js';
import { namesStartingWith } from './name-search.js';
import { notificationsRepo, outboxRepo, subscriptionsRepo, webhookDeliveriesRepo, webhookEndpointsRepo } from './notice-repos.js';
import { countsOf, orderedPage } from './ordered-page.js';
import { changelogEntriesRepo, changelogLinksRepo } from './changelog-repos.js';
import { postMergesRepo } from './merge-repos.js';
import { postTagsRepo, tagsRepo } from './tag-repos.js';
import { uploadsRepo } from './upload-repos.js';
import { authProvidersRepo, linkedIdentitiesRepo, ssoSecretsRepo } from './sign-in-repos.js';
import { queryPosts } from './post-query.js';
import { similarPosts } from './post-similar.js';
import {
  clearPostsRoadmap,
  highestRoadmapIndex,
  roadmapPage,
  swapRoadmapIndexes,
} from './roadmap-queries.js';
import { SortedList } from './sorted-list.js';
import { byKey, listed, tableRepo } from './table-repo.js';
import { userPage } from './user-search.js';

/** How each repository of the contract is made over one way of reaching the data. */
const REPOSITORY_FACTORIES: { readonly [K in keyof Repositories]: (access: Access) => Repositories[K] } = {
  users: usersRepo,
  roles: rolesRepo,
  userRoles: userRolesRepo,
  boards: boardsRepo,
  roadmaps: roadmapsRepo,
  posts: postsRepo,
  votes: votesRepo,
  comments: commentsRepo,
  activities: activitiesRepo,
  settings: settingsRepo,
  mailTokens: mailTokensRepo,
  mailLog: mailLogRepo,
  outbox: outboxRepo,
  webhookEndpoints: webhookEndpointsRepo,
  webhookDeliveries: webhookDeliveriesRepo,
  subscriptions: subscriptionsRepo,
  notifications: notificationsRepo,
  ssoSecrets: ssoSecretsRepo,
  authProviders: authProvidersRepo,
  changelogEntries: changelogEntriesRepo,
  changelogLinks: changelogLinksRepo,
  linkedIdentities: linkedIdentitiesRepo,
  postMerges: postMergesRepo,
  tags: tagsRepo,
  postTags: postTagsRepo,
  uploads: uploadsRepo,
};

/** What a transaction's repositories keep: how they reach the data, and the ones made so far. */
interface LazyState {
  readonly access: Access;
  readonly made: Partial<Record<keyof Repositories, unknown>>;
}

/**
 * One getter per repository, shared by every transaction: it makes the repository on first use.
 * Own enumerable properties, so `{ ...tx }` still copies every repository.
 */
const LAZY_GETTERS: PropertyDescriptorMap = Object.fromEntries(
  (Object.keys(REPOSITORY_FACTORIES) as Array<keyof Repositories>).map((name) => [
    name,
    {
      enumerable: true,
      get(this: LazyState) {
        this.made[name] ??= REPOSITORY_FACTORIES[name](this.access);
        return this.made[name];
      },
    },
  ]),
);

/**
 * Every repository of the contract, over one way of reaching the data. Each transaction gets its
 * own set, and making all nineteen costs about 100 µs — a third of a vote's whole write — while a
 * vote touches four: so each is made when first used.
 */
export function createRepositories(access: Access): Repositories {
  const state: LazyState = Object.create(null, { access: { value: access }, made: { value: {} } });
  return Object.defineProperties(state, LAZY_GETTERS) as unknown as Repositories;
}

function usersRepo(access: Access): UsersRepo {
  return {
    ...tableRepo(access, 'users'),
    getByEmail: (email) =>
      access.read((db) => byKey(db.tables.users, db.indexes.userByEmail.lookup(email.toLowerCase()))),
    getByUsername: (username) => access.read((db) => byKey(db.tables.users, db.indexes.userByUsername.lookup(username))),
    getOwner: () => access.read((db) => byKey(db.tables.users, db.indexes.owner.lookup('owner'))),
    page: (request) => access.read((db) => userPage(db, request)),
  };
}

function rolesRepo(access: Access): RolesRepo {
  return {
    ...tableRepo(access, 'roles'),
    list: () => access.read((db) => db.indexes.rolesInOrder.toArray()),
    getByName: (name) => access.read((db) => byKey(db.tables.roles, db.indexes.roleByName.lookup(name.toLowerCase()))),
    page: (request) => access.read((db) => orderedPage(db.tables.roles, db.indexes.rolesInOrder, request)),
  };
}

function userRolesRepo(access: Access): UserRolesRepo {
  return {
    ...tableRepo(access, 'userRoles'),
    listByUser: (userId) => access.read((db) => listed(db.indexes.userRolesByUser.group(userId))),
    getByUserAndRole: (userId, roleId) =>
      access.read((db) => byKey(db.tables.userRoles, db.indexes.userRoleByPair.lookup(`${userId}/${roleId}`))),
    listByUsers: (userIds) =>
      access.read((db) => new Map(userIds.map((id) => [id, listed(db.indexes.userRolesByUser.group(id))]))),
  };
}

/** Boards are listed by (createdAt, id). */
function boardsRepo(access: Access): BoardsRepo {
  return {
    ...tableRepo(access, 'boards'),
    getByUrl: (url) => access.read((db) => byKey(db.tables.boards, db.indexes.boardByUrl.lookup(url))),
    list: () => access.read((db) => db.indexes.boardsInOrder.toArray()),
    page: (request) => access.read((db) => boardPage(db, request)),
    searchByName: (prefix, limit) => access.read((db) => namesStartingWith(db.indexes.boardsByName, prefix, limit)),
  };
}

/** Roadmaps are listed by their index, the order the API shows them in. */
function roadmapsRepo(access: Access): RoadmapsRepo {
  return {
    ...tableRepo(access, 'roadmaps'),
    getByUrl: (url) => access.read((db) => byKey(db.tables.roadmaps, db.indexes.roadmapByUrl.lookup(url))),
    list: () => access.read((db) => db.indexes.roadmapsInOrder.toArray()),
    page: (request) => access.read((db) => roadmapPage(db, request)),
    searchByName: (prefix, limit) => access.read((db) => namesStartingWith(db.indexes.roadmapsByName, prefix, limit)),
    highestIndex: () => access.read((db) => highestRoadmapIndex(db)),
    swapIndexes: (firstId, secondId, updatedAt) => access.write((w) => swapRoadmapIndexes(w, firstId, secondId, updatedAt)),
  };
}

function postsRepo(access: Access): PostsRepo {
  return {
    ...tableRepo(access, 'posts'),
    getBySlug: (slug) => access.read((db) => byKey(db.tables.posts, db.indexes.postBySlug.lookup(slug))),
    query: (query) => access.read((db) => queryPosts(db, query)),
    similar: (query) => access.read((db) => similarPosts(db, query)),
    clearRoadmap: (roadmapId) => access.write((w) => clearPostsRoadmap(w, roadmapId)),
    clearBoard: (boardId) => access.write((w) => clearPostsBoard(w, boardId)),
    countByBoards: (boardIds) => access.read((db) => countPostsByBoards(db, boardIds)),
    countByUsers: (userIds) => access.read((db) => countsOf(db.indexes.postCountByUser, userIds)),
    listByUser: (userId) => access.read((db) => listed(db.indexes.postsByUser.group(userId))),
    held: (request) =>
      access.read((db) => heldPage(request.approval === 'spam' ? db.indexes.spamPostsInOrder.list : db.indexes.waitingPostsInOrder.list, request)),
    hasApprovedBy: (userId) => access.read((db) => (db.indexes.postsByUser.group(userId)?.toArray() ?? []).some((post) => !isHeld(post))),
  };
}

function votesRepo(access: Access): VotesRepo {
  return {
    ...tableRepo(access, 'votes'),
    getByUserAndPost: (userId, postId) =>
      access.read((db) => byKey(db.tables.votes, db.indexes.voteByUserPost.lookup(`${userId}/${postId}`))),
    summarize: (postIds, recent, viewerId) => access.read((db) => summarizeVotes(db, postIds, recent, viewerId)),
    countByUsers: (userIds) => access.read((db) => countsOf(db.indexes.voteCountByUser, userIds)),
    pageByPost: (postId, request) =>
      access.read((db) => orderedPage(db.tables.votes, db.indexes.votesByPost.group(postId) ?? new SortedList(), request)),
    deleteByPost: (postId) =>
      access.write((w) => {
        const votes = listed(w.db.indexes.votesByPost.group(postId));
        for (const vote of votes) w.delete('votes', vote.id);
        return votes.length;
      }),
    deleteByUser: (userId) =>
      access.write((w) => {
        const votes = listed(w.db.indexes.votesByUser.group(userId));
        for (const vote of votes) w.delete('votes', vote.id);
        return votes.length;
      }),
  };
}

function summarizeVotes(
  db: MemoryDb,
  postIds: readonly string[],
  recent: number,
  viewerId: string | null,
): Map<string, VoteSummary> {
  const summaries = new Map<string, VoteSummary>();
  for (const postId of postIds) {
    const votes = db.indexes.votesByPost.group(postId);
    const viewerVoteId = viewerId === null ? undefined : db.indexes.voteByUserPost.lookup(`${viewerId}/${postId}`);
    summaries.set(postId, {
      recent: votes ? votes.newest(recent) : [],
      count: votes?.size ?? 0,
      viewerVote: byKey(db.tables.votes, viewerVoteId) ?? null,
    });
  }
  return summaries;
}

function settingsRepo(access: Access): SettingsRepo {
  return {
    get: () => access.read((db) => db.settings),
    update: (patch) => access.write((w) => w.updateSettings(patch)),
  };
}

function mailTokensRepo(access: Access): MailTokensRepo {
  return {
    ...tableRepo(access, 'mailTokens'),
    getByHash: (hash) => access.read((db) => byKey(db.tables.mailTokens, db.indexes.mailTokenByHash.lookup(hash))),
    deleteByUser: (userId, purpose) =>
      access.write((w) => {
        const tokens = listed(w.db.indexes.mailTokensByUser.group(userId)).filter((t) => t.purpose === purpose);
        for (const token of tokens) w.delete('mailTokens', token.id);
        return tokens.length;
      }),
    deleteExpired: (purpose, before) =>
      access.write((w) => {
        // A scan: the table holds only live and recent tokens, and this runs once per mailed sign-in link.
        const cutoff = Date.parse(before);
        const tokens = w.db.tables.mailTokens.all().filter((t) => t.purpose === purpose && Date.parse(t.expiresAt) < cutoff);
        for (const token of tokens) w.delete('mailTokens', token.id);
        return tokens.length;
      }),
  };
}

/** The mail log is ordered by (createdAt, id); the oldest entries are dropped past `keep`. */
function mailLogRepo(access: Access): MailLogRepo {
  return {
    append: (entry, keep) =>
      access.write((w) => {
        const log = w.db.indexes.mailLogInOrder;
        w.insert('mailLog', entry);
        while (log.size > Math.max(keep, 0)) w.delete('mailLog', log.at(0)!.id);
      }),
    list: (limit) => access.read((db) => db.indexes.mailLogInOrder.newest(limit)),
  };
}
