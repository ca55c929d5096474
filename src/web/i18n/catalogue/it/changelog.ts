import type { Translation } from '../translation.js';

export const changelog: Translation = {
  'changelog.intro': 'Cosa c’è di nuovo, cosa è migliorato e cosa è stato corretto, e le idee a cui risponde ogni modifica.',
  'changelog.loading': 'Caricamento delle novità',
  'changelog.empty': 'Non è ancora stato pubblicato nulla. Torna presto.',
  'changelog.showOlder': 'Mostra novità precedenti',
  'changelog.allUpdates': 'Tutte le novità',
  'changelog.loadingEntry': 'Caricamento della novità',
  'changelog.labelNew': 'Nuovo',
  'changelog.labelImproved': 'Migliorato',
  'changelog.labelFixed': 'Corretto',
  'changelog.draft': 'Bozza',
  'changelog.scheduledFor': 'Programmato per il {date}',
  'changelog.ideasItAnswers': { one: 'L’idea a cui risponde', many: 'Le idee a cui risponde', other: 'Le idee a cui risponde' },
};
