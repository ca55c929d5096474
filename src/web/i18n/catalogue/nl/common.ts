import type { Translation } from '../translation.js';

export const common: Translation = {
  'common.skipToContent': 'Naar de inhoud',
  'common.home': 'Startpagina',
  'common.siteNav': 'Site',
  'common.changelog': 'Wijzigingen',
  'common.roadmap': 'Roadmap',
  'common.signIn': 'Inloggen',
  'common.teamSignIn': 'Inloggen voor het team',
  'common.poweredBy': 'Mogelijk gemaakt door feedbackd',
  'common.yourProfile': 'Je profiel',
  'common.dashboard': 'Dashboard',
  'common.signOut': 'Uitloggen',
  'common.yourAccount': 'Je account ({name})',
  'common.language': 'Taal',
  'common.pageDescription': 'Deel ideeën, stem erop en volg de roadmap.',
  'common.needsJavaScript': 'Dit feedbackbord heeft JavaScript nodig om zijn pagina’s te tonen.',
};
