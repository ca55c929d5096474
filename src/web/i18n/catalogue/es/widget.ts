import type { Translation } from '../translation.js';

export const widget: Translation = {
  'widget.allBoards': 'Todos los tableros',
  'widget.nav': 'Sugerencias',
  'widget.whatsNew': 'Novedades',
  'widget.myIdeas': 'Mis ideas',
  'widget.close': 'Cerrar',
  'widget.loadingIdeas': 'Cargando tus ideas',
  'widget.signInForIdeas': 'Inicia sesión para ver las ideas que has publicado y votado.',
  'widget.signedInTitle': 'Has iniciado sesión',
  'widget.panelSignedIn': 'El panel de sugerencias ya tiene la sesión iniciada. Puedes cerrar esta ventana.',
  'widget.panelSignedInThere': 'Vuelve a la ventana donde pediste el enlace: el panel de sugerencias de allí ya tiene la sesión iniciada.',
  'widget.openMailedLink': 'Abre el enlace de inicio de sesión que te hemos enviado por correo. Esta ventana iniciará entonces la sesión en el panel de sugerencias y se cerrará.',
};
