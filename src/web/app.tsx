import lazy, { ErrorBoundary } from 'preact-iso/lazy';
import { Route, Router } from 'preact-iso/router';
import { AppLocationProvider } from './base-location.js';
import { Layout } from './components/layout.js';
import { EmbedLayout } from './embed/layout.js';
import { embedded } from './embed/mode.js';
import { BoardPage } from './pages/board.js';
import { HomePage } from './pages/home.js';
import { NotFoundPage } from './pages/not-found.js';

// Pages a first visit to a board never needs load on demand, so the board page stays small.
const PostPage = lazy(() => import('./pages/post.js').then((m) => m.PostPage));
const NewPostPage = lazy(() => import('./pages/new-post.js').then((m) => m.NewPostPage));
const RoadmapPage = lazy(() => import('./pages/roadmap.js').then((m) => m.RoadmapPage));
const SignInPage = lazy(() => import('./pages/sign-in.js').then((m) => m.SignInPage));
const SignInLinkPage = lazy(() => import('./pages/sign-in-link.js').then((m) => m.SignInLinkPage));
const SignUpPage = lazy(() => import('./pages/sign-up.js').then((m) => m.SignUpPage));
const EmailVerifyPage = lazy(() => import('./pages/email-verify.js').then((m) => m.EmailVerifyPage));
const PasswordResetPage = lazy(() => import('./pages/password-reset.js').then((m) => m.PasswordResetPage));
const PasswordResetConfirmPage = lazy(() => import('./pages/password-reset-confirm.js').then((m) => m.PasswordResetConfirmPage));
const ProfilePage = lazy(() => import('./pages/profile.js').then((m) => m.ProfilePage));
const SsoPage = lazy(() => import('./pages/sso.js').then((m) => m.SsoPage));
const ProviderLandingPage = lazy(() => import('./pages/provider-landing.js').then((m) => m.ProviderLandingPage));
const ChangelogPage = lazy(() => import('./pages/changelog.js').then((m) => m.ChangelogPage));
const ChangelogEntryPage = lazy(() => import('./pages/changelog-entry.js').then((m) => m.ChangelogEntryPage));
const UnsubscribePage = lazy(() => import('./pages/unsubscribe.js').then((m) => m.UnsubscribePage));
const EmbedMinePage = lazy(() => import('./embed/mine.js').then((m) => m.EmbedMinePage));
const HandoffPage = lazy(() => import('./embed/handoff.js').then((m) => m.HandoffPage));
// The dashboard is a bundle of its own (and a stylesheet of its own): visitors of the board never load it.
const DashboardApp = lazy(() => import('./dashboard/dashboard.js').then((m) => m.DashboardApp));

/** The whole public site: one route per page; under `/embed`, the widget's panel (its pages are the site's own). */
export function App() {
  const Frame = embedded ? EmbedLayout : Layout;
  return (
    // In the panel the router keeps only the panel's links; the others leave it (embed/layout.tsx).
    <AppLocationProvider scope={embedded ? '/embed' : undefined}>
      <Frame>
        <ErrorBoundary>
          <Router>
            <Route path="/" component={HomePage} />
            <Route path="/b/:url" component={BoardPage} />
            <Route path="/new" component={NewPostPage} />
            <Route path="/p/:slug" component={PostPage} />
            <Route path="/roadmap" component={RoadmapPage} />
            <Route path="/changelog" component={ChangelogPage} />
            <Route path="/changelog/:slug" component={ChangelogEntryPage} />
            <Route path="/sign-in" component={SignInPage} />
            <Route path="/sign-in/link" component={SignInLinkPage} />
            <Route path="/sign-in/provider" component={ProviderLandingPage} />
            <Route path="/sign-up" component={SignUpPage} />
            <Route path="/email-verify" component={EmailVerifyPage} />
            <Route path="/password-reset" component={PasswordResetPage} />
            <Route path="/password-reset/confirm" component={PasswordResetConfirmPage} />
            <Route path="/profile" component={ProfilePage} />
            <Route path="/unsubscribe" component={UnsubscribePage} />
            <Route path="/sso" component={SsoPage} />
            <Route path="/embed" component={HomePage} />
            <Route path="/embed/b/:url" component={BoardPage} />
            <Route path="/embed/p/:slug" component={PostPage} />
            <Route path="/embed/new" component={NewPostPage} />
            <Route path="/embed/sign-in" component={SignInPage} />
            <Route path="/embed/mine" component={EmbedMinePage} />
            <Route path="/embed/changelog" component={ChangelogPage} />
            <Route path="/embed/changelog/:slug" component={ChangelogEntryPage} />
            <Route path="/embed/handoff" component={HandoffPage} />
            <Route path="/dashboard" component={DashboardApp} />
            <Route path="/dashboard/*" component={DashboardApp} />
            <Route default component={NotFoundPage} />
          </Router>
        </ErrorBoundary>
      </Frame>
    </AppLocationProvider>
  );
}
