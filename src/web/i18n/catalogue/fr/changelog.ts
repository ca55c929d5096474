import type { Translation } from '../translation.js';

export const changelog: Translation = {
  'changelog.intro': 'Les nouveautés, améliorations et corrections, et les idées auxquelles chaque changement répond.',
  'changelog.loading': 'Chargement des nouveautés',
  'changelog.empty': 'Rien n’a encore été publié. Revenez bientôt.',
  'changelog.showOlder': 'Afficher les mises à jour plus anciennes',
  'changelog.allUpdates': 'Toutes les mises à jour',
  'changelog.loadingEntry': 'Chargement de la mise à jour',
  'changelog.labelNew': 'Nouveau',
  'changelog.labelImproved': 'Amélioré',
  'changelog.labelFixed': 'Corrigé',
  'changelog.draft': 'Brouillon',
  'changelog.scheduledFor': 'Prévu le {date}',
  'changelog.ideasItAnswers': { one: 'L’idée à laquelle elle répond', many: 'Les idées auxquelles elle répond', other: 'Les idées auxquelles elle répond' },
};
