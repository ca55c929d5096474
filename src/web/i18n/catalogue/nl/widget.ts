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
  'widget.panelSignedIn': 'Je bent ingelogd in het feedbackpaneel. Je kunt dit venster sluiten.',
  'widget.panelSignedInThere': 'Ga terug naar het venster waarin je de link hebt aangevraagd: daar ben je nu ingelogd in het feedbackpaneel.',
  'widget.openMailedLink': 'Open de inloglink die we je hebben gemaild. Dit venster logt je dan in het feedbackpaneel in en sluit zich.',
};
