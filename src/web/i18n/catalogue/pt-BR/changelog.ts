import type { Translation } from '../translation.js';

export const changelog: Translation = {
  'changelog.intro': 'O que há de novo, o que melhorou e o que foi corrigido, e as ideias que cada mudança atende.',
  'changelog.loading': 'Carregando as novidades',
  'changelog.empty': 'Nada foi lançado ainda. Volte em breve.',
  'changelog.showOlder': 'Mostrar novidades anteriores',
  'changelog.allUpdates': 'Todas as novidades',
  'changelog.loadingEntry': 'Carregando a novidade',
  'changelog.labelNew': 'Novo',
  'changelog.labelImproved': 'Melhorado',
  'changelog.labelFixed': 'Corrigido',
  'changelog.draft': 'Rascunho',
  'changelog.scheduledFor': 'Agendado para {date}',
  'changelog.ideasItAnswers': { one: 'A ideia que ela atende', many: 'As ideias que ela atende', other: 'As ideias que ela atende' },
};
