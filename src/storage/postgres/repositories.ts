import type { Repositories } from '../types.js';
import {
  createActivitiesRepo,
  createBoardsRepo,
  createCommentsRepo,
  createPostsRepo,
  createRoadmapsRepo,
  createVotesRepo,
} from './content/index.js';
import { createMailLogRepo, createMailTokensRepo } from './core/mail.js';
import { createSettingsRepo } from './core/settings.js';
import { createRolesRepo, createUserRolesRepo, createUsersRepo } from './core/users.js';
import type { Queryable } from './queryable.js';

/** Every repository of the contract over one connection (a pool outside transactions, a client inside). */
export function createRepositories(db: Queryable): Repositories {
  return {
    users: createUsersRepo(db),
    roles: createRolesRepo(db),
    userRoles: createUserRolesRepo(db),
    boards: createBoardsRepo(db),
    roadmaps: createRoadmapsRepo(db),
    posts: createPostsRepo(db),
    votes: createVotesRepo(db),
    comments: createCommentsRepo(db),
    activities: createActivitiesRepo(db),
    settings: createSettingsRepo(db),
    mailTokens: createMailTokensRepo(db),
    mailLog: createMailLogRepo(db),
  };
}
