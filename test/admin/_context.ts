import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExecutionContext } from 'ava';
import { pino } from 'pino';
import type { Logger } from '../../src/logger.js';
import type { ServiceContext } from '../../src/services/context.js';
import { createServiceContext } from '../../src/services/create-context.js';
import { testConfig } from '../_helpers/config.js';

/** A service context over a fresh temp data dir; closed and removed when the test ends. */
export async function openContext(t: ExecutionContext, logger: Logger = pino({ level: 'silent' })): Promise<ServiceContext> {
  const dir = await mkdtemp(join(tmpdir(), 'feedbackd-admin-'));
  const ctx = await createServiceContext(testConfig(join(dir, 'data')), logger);
  t.teardown(async () => {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  });
  return ctx;
}
