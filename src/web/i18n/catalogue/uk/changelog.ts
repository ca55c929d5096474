import type { Translation } from '../translation.js';

export const changelog: Translation = {
  'changelog.intro': 'Що нового, що покращено й виправлено, а також ідеї, на які відповідає кожна зміна.',
  'changelog.loading': 'Завантаження журналу змін',
  'changelog.empty': 'Поки що нічого не випущено. Загляньте згодом.',
  'changelog.showOlder': 'Показати старіші оновлення',
  'changelog.allUpdates': 'Усі оновлення',
  'changelog.loadingEntry': 'Завантаження оновлення',
  'changelog.labelNew': 'Нове',
  'changelog.labelImproved': 'Покращено',
  'changelog.labelFixed': 'Виправлено',
  'changelog.draft': 'Чернетка',
  'changelog.scheduledFor': 'Заплановано на {date}',
  'changelog.ideasItAnswers': { one: 'Ідея, на яку воно відповідає', few: 'Ідеї, на які воно відповідає', many: 'Ідеї, на які воно відповідає', other: 'Ідеї, на які воно відповідає' },
};
