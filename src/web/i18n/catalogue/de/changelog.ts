import type { Translation } from '../translation.js';

export const changelog: Translation = {
  'changelog.intro': 'Was neu ist, verbessert und behoben wurde – und welche Ideen jede Änderung aufgreift.',
  'changelog.loading': 'Änderungsprotokoll wird geladen',
  'changelog.empty': 'Noch wurde nichts veröffentlicht. Schauen Sie bald wieder vorbei.',
  'changelog.showOlder': 'Ältere Neuigkeiten anzeigen',
  'changelog.allUpdates': 'Alle Neuigkeiten',
  'changelog.loadingEntry': 'Neuigkeit wird geladen',
  'changelog.labelNew': 'Neu',
  'changelog.labelImproved': 'Verbessert',
  'changelog.labelFixed': 'Behoben',
  'changelog.draft': 'Entwurf',
  'changelog.scheduledFor': 'Geplant für {date}',
  'changelog.ideasItAnswers': { one: 'Aufgegriffene Idee', other: 'Aufgegriffene Ideen' },
};
