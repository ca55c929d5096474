import type { Translation } from '../translation.js';

export const widget: Translation = {
  'widget.allBoards': 'Todos os quadros',
  'widget.nav': 'Sugestões',
  'widget.whatsNew': 'Novidades',
  'widget.myIdeas': 'Minhas ideias',
  'widget.close': 'Fechar',
  'widget.loadingIdeas': 'Carregando suas ideias',
  'widget.signInForIdeas': 'Entre para ver as ideias que você publicou e em que votou.',
  'widget.signedInTitle': 'Você entrou',
  'widget.panelSignedIn': 'A área de sugestões está conectada. Você pode fechar esta janela.',
  'widget.panelSignedInThere': 'Volte para a janela em que você pediu o link: a área de sugestões de lá está conectada.',
  'widget.openMailedLink': 'Abra o link de login que enviamos por e-mail. Esta janela vai então conectar a área de sugestões e se fechar.',
};
