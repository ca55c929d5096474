// A seeded feedbackd for looking at the web app:
//   node --import tsx test/tools/dev-server.ts [--port 4000] [--posts 30] [--data <dir>]
// Mail goes to <data>/outbox/ as .eml files. A new `npm run build:web` is picked up without a restart.
import { readdirSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createApp } from '../../src/http/app.js';
import { DEFAULT_WEB_DIR } from '../../src/http/web-files.js';
import { createLogger } from '../../src/logger.js';
import { createServiceContext } from '../../src/services/create-context.js';
import type { ServiceContext } from '../../src/services/context.js';
import type { Board, PostRecord, Roadmap } from '../../src/web/api/types.js';
import { testConfig } from '../_helpers/config.js';
import { createPostAt, OWNER, type Persona, voteAt } from '../_helpers/personas.js';
import { callApi, type Member, member, type SeedTarget, seedBoard, seedComment, seedRoadmap, setSettings } from '../web/_seed.js';

/** The member every demo site has besides the owner. */
export const MEMBER = { email: 'grace@example.org', password: OWNER.password, name: 'Grace Hopper' };

/** A running demo site. */
export interface DevServer extends SeedTarget {
  member: Persona;
  dataDir: string;
  close(): Promise<void>;
}

export interface DevServerOptions {
  /** 0 = any free port. */
  port?: number;
  /** Posts to seed (on a fresh data dir only). */
  posts?: number;
  /** Kept between runs when given; a temp dir, removed on close, otherwise. */
  dataDir?: string;
  logLevel?: string;
  /** Called after a new web build was picked up. */
  onReload?: () => void;
}

/** Starts a demo site: seeded on first use of its data dir, served until `close()`. */
export async function startDevServer(options: DevServerOptions = {}): Promise<DevServer> {
  const dataDir = options.dataDir ? resolve(options.dataDir) : await mkdtemp(join(tmpdir(), 'feedbackd-dev-'));
  await mkdir(dataDir, { recursive: true });
  const server = createServer();
  const port = await listen(server, options.port ?? 0);
  const url = `http://127.0.0.1:${port}`;
  const config = testConfig(dataDir, {
    port,
    publicUrl: url,
    mailOutbox: true,
    secret: null,
    bcryptCost: 8,
    tokenTtlSeconds: 30 * 24 * 3600,
    logLevel: options.logLevel ?? 'warn',
  });
  const ctx = await createServiceContext(config, createLogger(config.logLevel));
  const stopWatching = serveLatestBuild(server, ctx, options.onReload);
  const people = await ensurePeople(url, ctx);
  const target: DevServer = {
    url,
    ctx,
    dataDir,
    ...people,
    async close() {
      stopWatching();
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await ctx.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
  if (people.fresh) await seedDemo(target, options.posts ?? 30);
  return target;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      done(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** Serves the web app from dist/web, rebuilding the app (which reads the files once) when the build changes. */
function serveLatestBuild(server: Server, ctx: ServiceContext, onReload?: () => void): () => void {
  let handle = createApp(ctx).callback();
  server.on('request', (request, response) => handle(request, response));
  // Polled rather than watched: the build removes dist/web and writes it again, which loses a watch.
  // A changed build is picked up once it has stayed the same for one poll, so never half-written.
  let served = buildSignature();
  let seen = served;
  const timer = setInterval(() => {
    const now = buildSignature();
    if (now === seen && now !== served && now.includes('index.html')) {
      served = now;
      handle = createApp(ctx).callback();
      onReload?.();
    }
    seen = now;
  }, 500);
  return () => clearInterval(timer);
}

/** Names, sizes and times of the built files: changes whenever a build writes anything. */
function buildSignature(): string {
  try {
    const entries = readdirSync(DEFAULT_WEB_DIR, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        const { size, mtimeMs } = statSync(path);
        return `${path} ${size} ${mtimeMs}`;
      })
      .sort()
      .join('\n');
  } catch {
    return 'missing';
  }
}

/** The owner and the member: created through setup on a fresh data dir, else signed in again. */
async function ensurePeople(url: string, ctx: ServiceContext): Promise<{ owner: Persona; member: Persona; fresh: boolean }> {
  const bare: SeedTarget = { url, ctx, owner: { user: undefined as never, token: '' } };
  const { is_setup } = await callApi<{ is_setup: boolean }>(bare, 'GET', '/auth/setup', undefined, null);
  if (is_setup) {
    return { owner: await signIn(bare, OWNER), member: await signIn(bare, MEMBER), fresh: false };
  }
  const body = { ...OWNER, siteTitle: 'Acme Feedback' };
  const { user } = await callApi<{ user: { authToken: string } }>(bare, 'POST', '/auth/setup', body, null);
  const row = await ctx.storage.transaction(async (tx) => tx.users.update((await tx.users.getOwner())!.id, { isVerified: true }));
  const owner = { user: row, token: user.authToken };
  const grace: Member = await member({ url, ctx, owner }, { ...MEMBER, verified: true });
  return { owner, member: grace, fresh: true };
}

async function signIn(target: SeedTarget, who: { email: string; password: string }): Promise<Persona> {
  const { user } = await callApi<{ user: { authToken: string } }>(target, 'POST', '/auth/login', who, null);
  return { user: (await target.ctx.storage.users.getByEmail(who.email))!, token: user.authToken };
}

/** Boards, roadmaps, voters, posts spread over the last weeks, votes and comments. */
async function seedDemo(site: DevServer, postCount: number): Promise<void> {
  await setSettings(site, { description: 'Tell us what to build next, and vote on what matters to you.' });
  const boards = [
    await seedBoard(site, { name: 'Feature requests', url: 'feature-requests', color: '2f6fdb' }),
    await seedBoard(site, { name: 'Bugs', url: 'bugs', color: 'd64545' }),
    await seedBoard(site, { name: 'Internal', url: 'internal', color: '6b7280', display: false }),
  ];
  const roadmaps = [
    await seedRoadmap(site, { name: 'Planned', url: 'planned', color: 'e6a23c' }),
    await seedRoadmap(site, { name: 'In progress', url: 'in-progress', color: '2f6fdb' }),
    await seedRoadmap(site, { name: 'Done', url: 'done', color: '2e9d5b' }),
  ];
  const voters = [site.owner, site.member];
  for (const name of VOTER_NAMES) voters.push(await member(site, { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.org` }));
  const random = seededRandom(42);
  for (let index = 0; index < postCount; index++) {
    const post = await demoPost(site, index, { boards, roadmaps, voters, random });
    // Only the owner may see (and so comment on) posts on the hidden board.
    const commenters = post.boardId === boards[2]!.boardId ? [site.owner] : voters;
    if (index % 3 === 0 || index === 1) await demoComments(site, post, commenters, index);
  }
}

interface DemoCast {
  boards: Board[];
  roadmaps: Roadmap[];
  voters: Persona[];
  random: () => number;
}

const HOUR = 3600 * 1000;

/** One post, backdated (storage keeps the chosen time), with the author's vote and a few more. */
async function demoPost(site: DevServer, index: number, cast: DemoCast): Promise<PostRecord> {
  const idea = IDEAS[index % IDEAS.length]!;
  const round = Math.floor(index / IDEAS.length);
  const author = cast.voters[index % cast.voters.length]!;
  const createdAt = new Date(Date.now() - (index * 17 + 1) * HOUR).toISOString();
  const board = index % 11 === 10 ? null : index % 7 === 3 ? cast.boards[2]! : cast.boards[idea.bug ? 1 : 0]!;
  const roadmap = index % 4 === 0 ? null : cast.roadmaps[index % 3]!;
  const row = await createPostAt(site.ctx, author.user, {
    createdAt,
    title: round === 0 ? idea.title : `${idea.title} (${round + 1})`,
    contentMarkdown: idea.content,
    boardId: board?.boardId ?? null,
    roadmapId: roadmap?.id ?? null,
  });
  const voteCount = Math.floor(cast.random() * cast.voters.length);
  const chosen = new Set([author, ...cast.voters.filter(() => cast.random() < voteCount / cast.voters.length)]);
  let minutes = 0;
  for (const voter of chosen) {
    await voteAt(site.ctx, voter.user, row, new Date(Date.parse(createdAt) + minutes * 60_000).toISOString());
    minutes += 37;
  }
  return { postId: row.id, boardId: row.boardId } as PostRecord;
}

async function demoComments(site: DevServer, post: PostRecord, voters: Persona[], index: number): Promise<void> {
  const first = await seedComment(site, post, { body: COMMENTS[index % COMMENTS.length]!, author: voters[(index + 1) % voters.length] });
  await seedComment(site, post, { body: 'Thanks! We are looking into it.', parent: first });
  if (index % 2 === 0) await seedComment(site, post, { body: 'Note for the team: needs a design review first.', internal: true });
}

function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const VOTER_NAMES = ['Alan Turing', 'Katherine Johnson', 'Barbara Liskov', 'Edsger Dijkstra', 'Margaret Hamilton', 'Dennis Ritchie'];

const COMMENTS = [
  'Yes please, we need this for our **weekly** review.',
  'Same here. A workaround for now: export to a spreadsheet.',
  'Would this also cover the mobile view?',
  'Happens to me too, on Firefox 128.',
];

const IDEAS: Array<{ title: string; content: string | null; bug?: true }> = [
  { title: 'Dark mode for the dashboard', content: 'The dashboard is **too bright** at night.\n\nA dark theme that follows the system setting would be great.' },
  {
    title: 'Export votes as CSV',
    content: 'Needed for our *monthly* review. Columns we would use:\n\n- post title\n- vote count\n- voter email\n\nSomething like `feedbackd export --votes` would do.',
  },
  { title: 'Login fails with a plus sign in the email address', content: 'Steps:\n\n1. Sign up as `ada+test@example.org`\n2. Sign out\n3. Sign in again\n\n> Incorrect email or password\n\nExpected: signed in.', bug: true },
  { title: 'Keyboard shortcuts', content: null },
  {
    title: 'Webhooks when a post changes status',
    content: '## Why\n\nWe track work in our own tracker and copy statuses by hand.\n\n## What\n\nA `POST` to a URL we choose, with a JSON body:\n\n```json\n{ "post": "…", "roadmap": "done" }\n```\n\nSee [the GitHub docs](https://docs.github.com/webhooks) for a good model.',
  },
  { title: 'Merge duplicate posts', content: 'Many people post the same idea. Moderators should be able to merge two posts and keep **all** the votes.' },
  {
    title: 'Show the roadmap on the home page',
    content: 'A short summary – _planned_, _in progress_, _done_ – right under the boards.\n\n| Column | Shows |\n| --- | --- |\n| Planned | next 3 |\n| Done | last 3 |',
  },
  { title: 'Avatar images do not load behind our proxy', content: 'Gravatar is blocked in our network, so everyone shows as a grey circle. Initials would be nicer.', bug: true },
  {
    title: 'A very long title to see how the layout copes when someone writes a whole sentence where a short summary should go',
    content: 'Averylongwordwithoutanyspacesthatmightbreakthelayoutifnobodytakescareofwrappingitproperly.',
  },
  { title: 'Notify me by email when an idea I voted for ships', content: 'Opt-in per post would be enough.' },
  { title: 'Prise en charge du français', content: 'Traduire l’interface en français, s’il vous plaît. Ünïcödé should render fine: naïve café, Ærøskøbing, “quotes”.' },
  { title: 'Search should also find words in comments', content: 'Right now only titles and descriptions are searched.' },
  { title: 'Vote count does not change until I reload', content: 'After voting, the number stays the same on the **board page**; the post page is right.', bug: true },
  { title: 'Single sign-on with our Google Workspace', content: 'Our staff should not need yet another password. SAML would work too.' },
  { title: 'Attach screenshots to a post', content: 'A picture says more than a long description of a bug.' },
  { title: 'The sign-in page forgets where I was', content: 'After signing in I land on the home page instead of the post I wanted to vote on.', bug: true },
  { title: 'Let moderators pin a post to the top', content: 'For announcements, or the one idea we want everyone to see.' },
  { title: 'Weekly digest email', content: 'Once a week:\n\n- new posts on boards I follow\n- status changes on posts I voted for' },
  { title: 'Custom statuses besides the roadmap', content: 'We would like *Under review* and *Won’t do*.' },
  { title: 'Dates show in the wrong time zone', content: 'Posted at 09:00 in Berlin, shown as 08:00.', bug: true },
  { title: 'Public API tokens for scripts', content: 'So we can import ideas from our support tool. Read-only would already help.' },
  { title: 'Sort by trending', content: 'Votes in the last 7 days, not all time.' },
  { title: 'Make the board page work offline', content: null },
  { title: 'Comment box loses text when I switch tabs', content: 'Typed a long reply, looked something up, came back: empty.', bug: true },
  { title: 'Tags on posts', content: 'Boards are too coarse; tags like `api`, `mobile`, `billing` would help triage.' },
  { title: 'Embed the roadmap on our website', content: 'An `<iframe>` or a small script, whichever is simpler.' },
  { title: 'Show who else voted', content: 'Helps us see which customers want what. Could be admin-only.' },
  { title: 'Slack notifications for new posts', content: 'A channel per board would be ideal.' },
  { title: 'Typo in the password reset email', content: '"pasword" in the second paragraph.', bug: true },
  { title: 'Anonymous voting', content: 'Some people do not want an account just to vote once.' },
  { title: 'Changelog page', content: 'Everything that moved to **Done**, newest first, with a short note.' },
];

function parseOptions(): DevServerOptions {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '4000' }, posts: { type: 'string', default: '30' }, data: { type: 'string' } },
  });
  const onReload = () => console.log(`${new Date().toLocaleTimeString()} new web build picked up`);
  return { port: Number(values.port), posts: Number(values.posts), dataDir: values.data, logLevel: 'warn', onReload };
}

async function main(): Promise<void> {
  const started = Date.now();
  const site = await startDevServer(parseOptions());
  console.log(`feedbackd dev server on ${site.url} (seeded in ${Date.now() - started} ms, data in ${site.dataDir})`);
  console.log(`  owner:  ${OWNER.email} / ${OWNER.password}`);
  console.log(`  member: ${MEMBER.email} / ${MEMBER.password}`);
  console.log(`  mail:   ${join(site.dataDir, 'outbox')}`);
  console.log('Ctrl-C stops it.');
  const stop = () => void site.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
