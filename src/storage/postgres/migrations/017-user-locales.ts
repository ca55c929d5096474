import type { Migration } from './types.js';

/*
 * Migration 17 (issue 33, storage schema 14): each user may choose a language, which the mails
 * feedbackd sends them follow. `locale` holds its tag (`de`, `pt-BR`; NULL: none chosen, as every
 * existing row, whose mails follow the site's `locale` setting). Which tags are known is checked by
 * the code, not here, so that a later language needs no migration. A nullable column without a
 * default: added without rewriting the table.
 */
const sql = `
ALTER TABLE users ADD COLUMN locale text COLLATE "C";
`;

export const USER_LOCALES_MIGRATION: Migration = { id: 17, name: 'user-locales', sql, rowSchema: 14 };
