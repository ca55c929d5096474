import type { Translation } from '../translation.js';

export const widget: Translation = {
  'widget.allBoards': 'Wszystkie tablice',
  'widget.nav': 'Opinie',
  'widget.whatsNew': 'Co nowego',
  'widget.myIdeas': 'Moje pomysły',
  'widget.close': 'Zamknij',
  'widget.loadingIdeas': 'Wczytywanie Twoich pomysłów',
  'widget.signInForIdeas': 'Zaloguj się, aby zobaczyć swoje zgłoszone pomysły i te z Twoim głosem.',
  'widget.signedInTitle': 'Zalogowano',
  'widget.panelSignedIn': 'Widżet opinii jest już zalogowany. Możesz zamknąć to okno.',
  'widget.panelSignedInThere': 'Wróć do okna, w którym poproszono o link: widżet opinii jest tam już zalogowany.',
  'widget.openMailedLink': 'Otwórz link do logowania, który wysłaliśmy Ci e-mailem. To okno zaloguje wtedy widżet opinii i się zamknie.',
};
