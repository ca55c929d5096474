// English words every page shares: the header, the footer, the language menu, states and errors; see index.ts.
export const common = {
  'common.skipToContent': 'Skip to content',
  'common.home': 'Home',
  'common.siteNav': 'Site',
  'common.changelog': 'Changelog',
  'common.roadmap': 'Roadmap',
  'common.signIn': 'Sign in',
  'common.teamSignIn': 'Team sign-in',
  'common.poweredBy': 'Powered by feedbackd',
  'common.yourProfile': 'Your profile',
  'common.dashboard': 'Dashboard',
  'common.signOut': 'Sign out',
  'common.yourAccount': 'Your account ({name})',
  'common.language': 'Language',
  'common.pageDescription': 'Share ideas, vote on them and follow the roadmap.',
  'common.needsJavaScript': 'This feedback board needs JavaScript to show its pages.',
};
