import type { Translation } from '../translation.js';

export const common: Translation = {
  'common.skipToContent': 'Saltar al contenido',
  'common.home': 'Inicio',
  'common.siteNav': 'Sitio',
  'common.changelog': 'Novedades',
  'common.roadmap': 'Hoja de ruta',
  'common.signIn': 'Iniciar sesión',
  'common.teamSignIn': 'Inicio de sesión del equipo',
  'common.poweredBy': 'Con la tecnología de feedbackd',
  'common.yourProfile': 'Tu perfil',
  'common.dashboard': 'Panel de control',
  'common.signOut': 'Cerrar sesión',
  'common.yourAccount': 'Tu cuenta ({name})',
  'common.language': 'Idioma',
  'common.pageDescription': 'Comparte ideas, vótalas y sigue la hoja de ruta.',
  'common.needsJavaScript': 'Este sitio de sugerencias necesita JavaScript para mostrar sus páginas.',
};
