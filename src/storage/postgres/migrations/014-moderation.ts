import type { Migration } from './types.js';

/*
 * Migration 14 (issue 31, storage schema 11): the approval queue and spam (issue 31 §2).
 */
const sql = '';

export const MODERATION_MIGRATION: Migration = { id: 14, name: 'moderation', sql, rowSchema: 11 };
