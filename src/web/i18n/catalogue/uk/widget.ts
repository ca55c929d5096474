import type { Translation } from '../translation.js';

export const widget: Translation = {
  'widget.allBoards': 'Усі дошки',
  'widget.nav': 'Відгуки',
  'widget.whatsNew': 'Що нового',
  'widget.myIdeas': 'Мої ідеї',
  'widget.close': 'Закрити',
  'widget.loadingIdeas': 'Завантаження ваших ідей',
  'widget.signInForIdeas': 'Увійдіть, щоб побачити ідеї, які ви запропонували й за які проголосували.',
  'widget.signedInTitle': 'Ви увійшли',
  'widget.panelSignedIn': 'Панель відгуків увійшла в систему. Можете закрити це вікно.',
  'widget.panelSignedInThere': 'Поверніться до вікна, де ви запросили посилання: панель відгуків там уже увійшла в систему.',
  'widget.openMailedLink': 'Відкрийте посилання для входу, яке ми надіслали вам листом. Це вікно виконає вхід у панель відгуків і закриється.',
};
