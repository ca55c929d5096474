import type { Translation } from '../translation.js';

export const common: Translation = {
  'common.skipToContent': 'Saltar al contenido',
  'common.home': 'Inicio',
  'common.siteNav': 'Sitio',
  'common.changelog': 'Novedades',
  'common.roadmap': 'Hoja de ruta',
  'common.signIn': 'Iniciar sesión',
  'common.teamSignIn': 'Acceso del equipo',
  'common.poweredBy': 'Con la tecnología de feedbackd',
  'common.yourProfile': 'Tu perfil',
  'common.dashboard': 'Panel',
  'common.signOut': 'Cerrar sesión',
  'common.yourAccount': 'Tu cuenta ({name})',
  'common.language': 'Idioma',
  'common.pageDescription': 'Comparte ideas, vota por ellas y sigue la hoja de ruta.',
  'common.needsJavaScript': 'Este tablero de sugerencias necesita JavaScript para mostrar sus páginas.',
};
