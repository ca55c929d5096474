import test from 'ava';
import { TEST_ENGINE } from '../_helpers/engine.js';

/** A test of what only the JSON-file engine promises (its files, its one-at-a-time writer): skipped on PostgreSQL. */
export const lowdbOnly = TEST_ENGINE === 'lowdb' ? test : test.skip;
