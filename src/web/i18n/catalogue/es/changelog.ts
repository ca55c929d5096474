import type { Translation } from '../translation.js';

export const changelog: Translation = {
  'changelog.intro': 'Qué hay de nuevo, qué ha mejorado y qué se ha corregido, y las ideas a las que responde cada cambio.',
  'changelog.loading': 'Cargando las novedades',
  'changelog.empty': 'Todavía no se ha publicado nada. Vuelve pronto.',
  'changelog.showOlder': 'Mostrar novedades anteriores',
  'changelog.allUpdates': 'Todas las novedades',
  'changelog.loadingEntry': 'Cargando la novedad',
  'changelog.labelNew': 'Nuevo',
  'changelog.labelImproved': 'Mejorado',
  'changelog.labelFixed': 'Corregido',
  'changelog.draft': 'Borrador',
  'changelog.scheduledFor': 'Programado para el {date}',
  'changelog.ideasItAnswers': { one: 'La idea a la que responde', many: 'Las ideas a las que responde', other: 'Las ideas a las que responde' },
};
