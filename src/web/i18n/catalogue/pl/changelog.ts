import type { Translation } from '../translation.js';

export const changelog: Translation = {
  'changelog.intro': 'Co nowego, co ulepszono i co naprawiono — oraz pomysły, na które odpowiada każda zmiana.',
  'changelog.loading': 'Wczytywanie listy zmian',
  'changelog.empty': 'Nic jeszcze nie zostało wydane. Zajrzyj wkrótce.',
  'changelog.showOlder': 'Pokaż starsze aktualizacje',
  'changelog.allUpdates': 'Wszystkie aktualizacje',
  'changelog.loadingEntry': 'Wczytywanie aktualizacji',
  'changelog.labelNew': 'Nowość',
  'changelog.labelImproved': 'Ulepszenie',
  'changelog.labelFixed': 'Poprawka',
  'changelog.draft': 'Wersja robocza',
  'changelog.scheduledFor': 'Zaplanowano na {date}',
  'changelog.ideasItAnswers': { one: 'Pomysł, na który odpowiada', few: 'Pomysły, na które odpowiada', many: 'Pomysły, na które odpowiada', other: 'Pomysły, na które odpowiada' },
};
