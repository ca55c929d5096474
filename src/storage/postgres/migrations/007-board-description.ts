import type { Migration } from './types.js';

/* Migration 7 (issue 27, storage schema 5): a board's description; existing boards have none. */
const sql = `
ALTER TABLE boards ADD COLUMN description text;
`;

export const BOARD_DESCRIPTION_MIGRATION: Migration = { id: 7, name: 'board-description', sql, rowSchema: 5 };
