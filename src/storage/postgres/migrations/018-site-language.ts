import type { Migration } from './types.js';

/*
 * Migration 18 (issue 33, storage schema 15): the site settings may carry `locale` (the default
 * language) and `texts` (the owner's words per language). Both live in the settings' jsonb
 * document and are read as English and none when absent, so no SQL changes anything; the
 * migration exists so that a copy of the database says it follows the schema that has them, and an
 * older feedbackd refuses to restore it rather than reading settings it would reject.
 */
const sql = `
-- The settings document takes locale and texts as they are written; nothing to change.
SELECT 1;
`;

export const SITE_LANGUAGE_MIGRATION: Migration = { id: 18, name: 'site-language', sql, rowSchema: 15 };
