import type { Translation } from '../translation.js';

export const common: Translation = {
  'common.skipToContent': 'Aller au contenu',
  'common.home': 'Accueil',
  'common.siteNav': 'Site',
  'common.changelog': 'Nouveautés',
  'common.roadmap': 'Feuille de route',
  'common.signIn': 'Se connecter',
  'common.teamSignIn': 'Connexion de l’équipe',
  'common.poweredBy': 'Propulsé par feedbackd',
  'common.yourProfile': 'Votre profil',
  'common.dashboard': 'Tableau de bord',
  'common.signOut': 'Se déconnecter',
  'common.yourAccount': 'Votre compte ({name})',
  'common.language': 'Langue',
  'common.pageDescription': 'Proposez des idées, votez pour elles et suivez la feuille de route.',
  'common.needsJavaScript': 'Ce site de suggestions a besoin de JavaScript pour afficher ses pages.',
};
