import type { Translation } from '../translation.js';

export const common: Translation = {
  'common.skipToContent': 'Zum Inhalt springen',
  'common.home': 'Startseite',
  'common.siteNav': 'Website',
  'common.changelog': 'Änderungsprotokoll',
  'common.roadmap': 'Roadmap',
  'common.signIn': 'Anmelden',
  'common.teamSignIn': 'Team-Anmeldung',
  'common.poweredBy': 'Bereitgestellt von feedbackd',
  'common.yourProfile': 'Ihr Profil',
  'common.dashboard': 'Dashboard',
  'common.signOut': 'Abmelden',
  'common.yourAccount': 'Ihr Konto ({name})',
  'common.language': 'Sprache',
  'common.pageDescription': 'Teilen Sie Ideen, stimmen Sie darüber ab und verfolgen Sie die Roadmap.',
  'common.needsJavaScript': 'Dieses Feedback-Board benötigt JavaScript, um seine Seiten anzuzeigen.',
};
