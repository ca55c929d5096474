import type { Migration } from './types.js';

/*
 * Migration 15 (issue 31, storage schema 12): uploaded images (issue 31 §3).
 */
const sql = '';

export const UPLOADS_MIGRATION: Migration = { id: 15, name: 'uploads', sql, rowSchema: 12 };
