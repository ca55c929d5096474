import type { Translation } from '../translation.js';

export const changelog: Translation = {
  'changelog.intro': 'Wat er nieuw, verbeterd en opgelost is, en welke ideeën elke wijziging oppakt.',
  'changelog.loading': 'Wijzigingen worden geladen',
  'changelog.empty': 'Er is nog niets uitgebracht. Kom snel terug.',
  'changelog.showOlder': 'Oudere updates tonen',
  'changelog.allUpdates': 'Alle updates',
  'changelog.loadingEntry': 'Update wordt geladen',
  'changelog.labelNew': 'Nieuw',
  'changelog.labelImproved': 'Verbeterd',
  'changelog.labelFixed': 'Opgelost',
  'changelog.draft': 'Concept',
  'changelog.scheduledFor': 'Gepland voor {date}',
  'changelog.ideasItAnswers': { one: 'Het idee dat hiermee is opgepakt', other: 'De ideeën die hiermee zijn opgepakt' },
};
