import type { Translation } from '../translation.js';

export const common: Translation = {
  'common.skipToContent': 'Перейти до вмісту',
  'common.home': 'Головна',
  'common.siteNav': 'Сайт',
  'common.changelog': 'Журнал змін',
  'common.roadmap': 'Дорожня карта',
  'common.signIn': 'Увійти',
  'common.teamSignIn': 'Вхід для команди',
  'common.poweredBy': 'Працює на feedbackd',
  'common.yourProfile': 'Ваш профіль',
  'common.dashboard': 'Панель керування',
  'common.signOut': 'Вийти',
  'common.yourAccount': 'Ваш обліковий запис ({name})',
  'common.language': 'Мова',
  'common.pageDescription': 'Діліться ідеями, голосуйте за них і стежте за дорожньою картою.',
  'common.needsJavaScript': 'Цій дошці відгуків потрібен JavaScript, щоб показувати сторінки.',
};
