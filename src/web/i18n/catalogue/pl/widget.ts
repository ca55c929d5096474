import type { Translation } from '../translation.js';

export const widget: Translation = {
  'widget.allBoards': 'Wszystkie tablice',
  'widget.nav': 'Opinie',
  'widget.whatsNew': 'Co nowego',
  'widget.myIdeas': 'Moje pomysły',
  'widget.close': 'Zamknij',
  'widget.loadingIdeas': 'Wczytywanie Twoich pomysłów',
  'widget.signInForIdeas': 'Zaloguj się, aby zobaczyć dodane przez Ciebie pomysły i te z Twoim głosem.',
  'widget.signedInTitle': 'Zalogowano',
  'widget.panelSignedIn': 'Panel opinii jest zalogowany. Możesz zamknąć to okno.',
  'widget.panelSignedInThere': 'Wróć do okna, w którym poproszono o link: panel opinii jest tam zalogowany.',
  'widget.openMailedLink': 'Otwórz link do logowania, który wysłaliśmy Ci e-mailem. To okno zaloguje wtedy panel opinii i się zamknie.',
};
