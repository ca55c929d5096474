import type { Translation } from '../translation.js';

export const widget: Translation = {
  'widget.allBoards': 'Tous les tableaux',
  'widget.nav': 'Votre avis',
  'widget.whatsNew': 'Nouveautés',
  'widget.myIdeas': 'Mes idées',
  'widget.close': 'Fermer',
  'widget.loadingIdeas': 'Chargement de vos idées',
  'widget.signInForIdeas': 'Connectez-vous pour voir les idées que vous avez proposées et soutenues.',
  'widget.signedInTitle': 'Vous êtes connecté',
  'widget.panelSignedIn': 'Le panneau d’avis est connecté. Vous pouvez fermer cette fenêtre.',
  'widget.panelSignedInThere': 'Revenez à la fenêtre où vous avez demandé le lien : le panneau d’avis y est connecté.',
  'widget.openMailedLink': 'Ouvrez le lien de connexion que nous vous avons envoyé par e-mail. Cette fenêtre connectera alors le panneau d’avis, puis se fermera.',
};
