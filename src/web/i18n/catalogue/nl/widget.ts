import type { Translation } from '../translation.js';

export const widget: Translation = {
  'widget.allBoards': 'Alle borden',
  'widget.nav': 'Feedback',
  'widget.whatsNew': 'Wat is er nieuw',
  'widget.myIdeas': 'Mijn ideeën',
  'widget.close': 'Sluiten',
  'widget.loadingIdeas': 'Je ideeën worden geladen',
  'widget.signInForIdeas': 'Log in om de ideeën te zien die je hebt geplaatst en waarop je hebt gestemd.',
  'widget.signedInTitle': 'Je bent ingelogd',
  'widget.panelSignedIn': 'Het feedbackpaneel is ingelogd. Je kunt dit venster sluiten.',
  'widget.panelSignedInThere': 'Ga terug naar het venster waarin je de link hebt aangevraagd: het feedbackpaneel daar is ingelogd.',
  'widget.openMailedLink': 'Open de inloglink die we je hebben gemaild. Dit venster logt dan het feedbackpaneel in en sluit zich.',
};
