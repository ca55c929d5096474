import type { Translation } from '../translation.js';

export const common: Translation = {
  'common.skipToContent': 'Vai al contenuto',
  'common.home': 'Home',
  'common.siteNav': 'Sito',
  'common.changelog': 'Novità',
  'common.roadmap': 'Roadmap',
  'common.signIn': 'Accedi',
  'common.teamSignIn': 'Accesso per il team',
  'common.poweredBy': 'Realizzato con feedbackd',
  'common.yourProfile': 'Il tuo profilo',
  'common.dashboard': 'Dashboard',
  'common.signOut': 'Esci',
  'common.yourAccount': 'Il tuo account ({name})',
  'common.language': 'Lingua',
  'common.pageDescription': 'Condividi idee, votale e segui la roadmap.',
  'common.needsJavaScript': 'Questo sito di suggerimenti ha bisogno di JavaScript per mostrare le sue pagine.',
};
