import type { Translation } from '../translation.js';

export const common: Translation = {
  'common.skipToContent': 'Przejdź do treści',
  'common.home': 'Strona główna',
  'common.siteNav': 'Witryna',
  'common.changelog': 'Lista zmian',
  'common.roadmap': 'Plan rozwoju',
  'common.signIn': 'Zaloguj się',
  'common.teamSignIn': 'Logowanie zespołu',
  'common.poweredBy': 'Działa dzięki feedbackd',
  'common.yourProfile': 'Twój profil',
  'common.dashboard': 'Panel',
  'common.signOut': 'Wyloguj się',
  'common.yourAccount': 'Twoje konto ({name})',
  'common.language': 'Język',
  'common.pageDescription': 'Dziel się pomysłami, głosuj na nie i śledź plan rozwoju.',
  'common.needsJavaScript': 'Ta tablica opinii potrzebuje JavaScriptu, aby wyświetlać strony.',
};
