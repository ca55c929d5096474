// English words of the widget's panel (src/web/embed/); the launcher on the team's page has its own
// few words in widget/loader.ts, which cannot load a catalogue. See index.ts.
export const widget = {
  'widget.allBoards': 'All boards',
  'widget.nav': 'Feedback',
  'widget.whatsNew': 'What’s new',
  'widget.myIdeas': 'My ideas',
  'widget.close': 'Close',
  'widget.loadingIdeas': 'Loading your ideas',
  'widget.signInForIdeas': 'Sign in to see the ideas you posted and voted for.',
  'widget.signedInTitle': 'You are signed in',
  'widget.panelSignedIn': 'The feedback panel is signed in. You can close this window.',
  'widget.panelSignedInThere': 'Go back to the window where you asked for the link: the feedback panel there is signed in.',
  'widget.openMailedLink': 'Open the sign-in link we emailed you. This window then signs the feedback panel in and closes.',
};
