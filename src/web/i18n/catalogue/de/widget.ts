import type { Translation } from '../translation.js';

export const widget: Translation = {
  'widget.allBoards': 'Alle Boards',
  'widget.nav': 'Feedback',
  'widget.whatsNew': 'Neuigkeiten',
  'widget.myIdeas': 'Meine Ideen',
  'widget.close': 'Schließen',
  'widget.loadingIdeas': 'Ihre Ideen werden geladen',
  'widget.signInForIdeas': 'Melden Sie sich an, um die Ideen zu sehen, die Sie eingereicht oder für die Sie gestimmt haben.',
  'widget.signedInTitle': 'Sie sind angemeldet',
  'widget.panelSignedIn': 'Der Feedback-Bereich ist angemeldet. Sie können dieses Fenster schließen.',
  'widget.panelSignedInThere': 'Gehen Sie zurück zu dem Fenster, in dem Sie den Link angefordert haben: Der Feedback-Bereich dort ist angemeldet.',
  'widget.openMailedLink': 'Öffnen Sie den Anmeldelink aus unserer E-Mail. Dieses Fenster meldet dann den Feedback-Bereich an und schließt sich.',
};
