import { useLocation } from 'preact-iso/router';
import { useEffect, useState } from 'preact/hooks';
import { Skeleton } from '../components/skeleton.js';
import { type Session, useSession } from '../session.js';
import { DashboardNav } from './nav.js';
// Before any form renders: the dashboard's refusals find their fields.
import './field-codes.js';
import { AccountPage } from './account.js';
import { BoardsPage } from './boards.js';
import { ChangelogPage } from './changelog.js';
import { ModerationPage } from './moderation.js';
import { OverviewPage } from './overview.js';
import { PostsPage } from './posts.js';
import { RoadmapsPage } from './roadmaps.js';
import { RolesPage } from './roles.js';
import { type DashboardPath, type Section, sectionsFor, sectionUrl } from './sections.js';
import { SettingsPage } from './settings.js';
import { TagsPage } from './tags.js';
import { useDashboardStylesheet } from './stylesheet.js';
import { UsersPage } from './users.js';
import { WebhooksPage } from './webhooks.js';

/** The page of each section, by its path under /dashboard. */
const PAGES: Record<DashboardPath, () => preact.JSX.Element> = {
  '': OverviewPage,
  posts: PostsPage,
  changelog: ChangelogPage,
  boards: BoardsPage,
  tags: TagsPage,
  roadmaps: RoadmapsPage,
  users: UsersPage,
  roles: RolesPage,
  settings: SettingsPage,
  moderation: ModerationPage,
  webhooks: WebhooksPage,
  account: AccountPage,
};

/**
 * `/dashboard` and everything under it: a visitor is sent to sign in and back; a signed-in user
 * sees the sections their permissions open, and is told in words when they open none.
 */
export function DashboardApp() {
  const session = useSession();
  const styled = useDashboardStylesheet();
  if (session === undefined || !styled) return <Skeleton rows={3} label="Loading the dashboard" />;
  if (session === null) return <SignInFirst />;
  return <Dashboard session={session} />;
}

function SignInFirst() {
  const location = useLocation();
  // Taken once: while the sign-in page loads, this one still renders with the sign-in URL.
  const [signIn] = useState(() => `/sign-in?${new URLSearchParams({ next: location.url })}`);
  useEffect(() => location.route(signIn, true), []);
  return (
    <p>
      <a href={signIn}>Sign in</a> to open the dashboard.
    </p>
  );
}

function Dashboard({ session }: { session: Session }) {
  const { path } = useLocation();
  const sections = sectionsFor(session);
  if (sections.length === 0) return <NoAccess />;
  const wanted = path.replace(/^\/dashboard\/?/, '').split('/')[0] ?? '';
  // Someone whose roles open only some sections starts on the first of them, not on a refusal.
  const section = sections.find((candidate) => candidate.path === wanted) ?? (wanted === '' ? sections[0] : undefined);
  return (
    <div class="dashboard">
      <DashboardNav sections={sections} current={section} />
      <div class="dashboard__page">{section ? <SectionPage section={section} /> : <Closed sections={sections} />}</div>
    </div>
  );
}

function SectionPage({ section }: { section: Section }) {
  const Page = PAGES[section.path]!;
  return <Page />;
}

function NoAccess() {
  return (
    <div class="dashboard-message">
      <h1>Dashboard</h1>
      <p>Your account has no access to the dashboard. The board's owner can give you a role that does.</p>
      <a class="button" href="/">
        Back to the board
      </a>
    </div>
  );
}

/** A section this session may not open (or that does not exist): said in words, with the way on. */
function Closed({ sections }: { sections: Section[] }) {
  return (
    <div class="dashboard-message">
      <h1>Not available</h1>
      <p>This part of the dashboard does not exist, or your roles do not open it.</p>
      <a class="button" href={sectionUrl(sections[0]!)}>
        Go to {sections[0]!.label}
      </a>
    </div>
  );
}
