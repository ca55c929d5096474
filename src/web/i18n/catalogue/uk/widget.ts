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
  'widget.panelSignedIn': 'У віджеті відгуків виконано вхід. Можете закрити це вікно.',
  'widget.panelSignedInThere': 'Поверніться до вікна, де ви запросили посилання: у віджеті відгуків там уже виконано вхід.',
  'widget.openMailedLink': 'Відкрийте посилання для входу, яке ми надіслали вам листом. Це вікно виконає вхід у віджет відгуків і закриється.',
};
