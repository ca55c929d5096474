import { BOARD_OPERATIONS } from './board-operations.js';
import type { OperationTable } from './operations.js';
import { POST_OPERATIONS } from './post-operations.js';
import { ROADMAP_OPERATIONS } from './roadmap-operations.js';
import { ROLE_OPERATIONS } from './role-operations.js';
import { SETTINGS_OPERATIONS } from './settings-operations.js';

/** The tables of the content commands (boards, roadmaps, posts, roles, settings), spread into the registry's list. */
export const CONTENT_OPERATION_TABLES: readonly OperationTable[] = [
  BOARD_OPERATIONS,
  ROADMAP_OPERATIONS,
  POST_OPERATIONS,
  ROLE_OPERATIONS,
  SETTINGS_OPERATIONS,
];
