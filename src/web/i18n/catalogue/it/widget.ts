import type { Translation } from '../translation.js';

export const widget: Translation = {
  'widget.allBoards': 'Tutte le bacheche',
  'widget.nav': 'Suggerimenti',
  'widget.whatsNew': 'Novità',
  'widget.myIdeas': 'Le mie idee',
  'widget.close': 'Chiudi',
  'widget.loadingIdeas': 'Caricamento delle tue idee',
  'widget.signInForIdeas': 'Accedi per vedere le idee che hai pubblicato e votato.',
  'widget.signedInTitle': 'Hai effettuato l’accesso',
  'widget.panelSignedIn': 'Il pannello dei suggerimenti ha effettuato l’accesso. Puoi chiudere questa finestra.',
  'widget.panelSignedInThere': 'Torna alla finestra in cui hai richiesto il link: lì il pannello dei suggerimenti ha effettuato l’accesso.',
  'widget.openMailedLink': 'Apri il link di accesso che ti abbiamo inviato via email. Questa finestra farà poi accedere il pannello dei suggerimenti e si chiuderà.',
};
