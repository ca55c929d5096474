import type { ExecutionContext } from 'ava';
import { OWNER } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

/** API.md §3.13 defaults of a new install, keys in documented order, then feedbackd's own fields. */
export const DEFAULT_SITE_SETTINGS = {
  title: 'Feedback',
  description: null,
  logo: null,
  icon: null,
  accentColor: '484d7c',
  googleAnalyticsId: null,
  isPoweredBy: true,
  allowSignup: true,
  labs: { comments: true, voteOnBehalf: false },
  developer_mode: false,
  gravatar: false,
  ssoLoginUrl: null,
  embedOrigins: [],
  moderation: 'off',
  requireFormToken: false,
  locale: 'en',
  texts: {},
};

export const FORBIDDEN = { message: 'You do not have permission to perform this action.', code: 'NOT_ENOUGH_PERMISSION' };
export const MISSING_HEADER = { message: 'Authorization header missing', code: 'INVALID_AUTH_HEADER' };

export const validationError = (path: string, message: string) => ({ message, code: 'VALIDATION_ERROR', errors: [{ path, message }] });

/** A set-up site of its own (so tests that write settings never disturb each other) and its owner's token. */
export interface Site {
  server: TestServer;
  ownerToken: string;
  /** `PATCH <path>` as the owner. */
  patch(path: '/settings/site' | '/settings/labs', body: unknown): ReturnType<TestServer['request']>;
  /** The `settings` of `GET /settings/site`. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read response fields freely and assert on them.
  settings(): Promise<any>;
}

/** Starts a fresh server, sets up the owner and closes everything when the test ends. */
export async function startSite(t: ExecutionContext): Promise<Site> {
  const server = await startTestServer();
  t.teardown(server.close);
  const ownerToken = (await server.request('POST', '/auth/setup', { body: OWNER })).body.user.authToken;
  return {
    server,
    ownerToken,
    patch: (path, body) => server.request('PATCH', path, { token: ownerToken, body }),
    settings: async () => (await server.request('GET', '/settings/site')).body.settings,
  };
}
