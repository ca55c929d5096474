export { createActivitiesRepo } from './activities.js';
export { createBoardsRepo } from './boards.js';
export { createCommentsRepo } from './comments.js';
export { CONTENT_MIGRATION } from './migration.js';
export { createPostsRepo } from './posts.js';
export { createRoadmapsRepo } from './roadmaps.js';
export { createVotesRepo } from './votes.js';
