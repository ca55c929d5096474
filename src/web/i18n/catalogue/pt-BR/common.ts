import type { Translation } from '../translation.js';

export const common: Translation = {
  'common.skipToContent': 'Pular para o conteúdo',
  'common.home': 'Início',
  'common.siteNav': 'Site',
  'common.changelog': 'Novidades',
  'common.roadmap': 'Roadmap',
  'common.signIn': 'Entrar',
  'common.teamSignIn': 'Login da equipe',
  'common.poweredBy': 'Desenvolvido com feedbackd',
  'common.yourProfile': 'Seu perfil',
  'common.dashboard': 'Painel',
  'common.signOut': 'Sair',
  'common.yourAccount': 'Sua conta ({name})',
  'common.language': 'Idioma',
  'common.pageDescription': 'Compartilhe ideias, vote nelas e acompanhe o roadmap.',
  'common.needsJavaScript': 'Este site de sugestões precisa de JavaScript para mostrar suas páginas.',
};
