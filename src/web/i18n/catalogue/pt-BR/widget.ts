import type { Translation } from '../translation.js';

export const widget: Translation = {
  'widget.allBoards': 'Todos os quadros',
  'widget.nav': 'Feedback',
  'widget.whatsNew': 'Novidades',
  'widget.myIdeas': 'Minhas ideias',
  'widget.close': 'Fechar',
  'widget.loadingIdeas': 'Carregando suas ideias',
  'widget.signInForIdeas': 'Entre para ver as ideias que você publicou e em que votou.',
  'widget.signedInTitle': 'Você entrou',
  'widget.panelSignedIn': 'O painel de feedback está conectado. Você pode fechar esta janela.',
  'widget.panelSignedInThere': 'Volte para a janela em que você pediu o link: o painel de feedback de lá está conectado.',
  'widget.openMailedLink': 'Abra o link de login que enviamos por e-mail. Esta janela vai então conectar o painel de feedback e se fechar.',
};
