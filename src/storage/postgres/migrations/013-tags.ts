import type { Migration } from './types.js';

/*
 * Migration 13 (issue 31, storage schema 10): tags and the tags of posts (issue 31 §1).
 */
const sql = '';

export const TAGS_MIGRATION: Migration = { id: 13, name: 'tags', sql, rowSchema: 10 };
