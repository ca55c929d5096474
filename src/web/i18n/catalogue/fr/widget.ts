import type { Translation } from '../translation.js';

export const widget: Translation = {
  'widget.allBoards': 'Tous les tableaux',
  'widget.nav': 'Suggestions',
  'widget.whatsNew': 'Nouveautés',
  'widget.myIdeas': 'Mes idées',
  'widget.close': 'Fermer',
  'widget.loadingIdeas': 'Chargement de vos idées',
  'widget.signInForIdeas': 'Connectez-vous pour voir les idées que vous avez proposées et celles pour lesquelles vous avez voté.',
  'widget.signedInTitle': 'Vous êtes connecté',
  'widget.panelSignedIn': 'Le panneau de suggestions est connecté. Vous pouvez fermer cette fenêtre.',
  'widget.panelSignedInThere': 'Revenez à la fenêtre où vous avez demandé le lien\u00a0: le panneau de suggestions y est connecté.',
  'widget.openMailedLink': 'Ouvrez le lien de connexion que nous vous avons envoyé par e-mail. Cette fenêtre connectera alors le panneau de suggestions, puis se fermera.',
};
