import type { Translation } from '../translation.js';

export const common: Translation = {
  'common.skipToContent': 'تخطَّ إلى المحتوى',
  'common.home': 'الرئيسية',
  'common.siteNav': 'الموقع',
  'common.changelog': 'سجل التغييرات',
  'common.roadmap': 'خارطة الطريق',
  'common.signIn': 'تسجيل الدخول',
  'common.teamSignIn': 'تسجيل دخول الفريق',
  'common.poweredBy': 'يعمل بواسطة feedbackd',
  'common.yourProfile': 'ملفك الشخصي',
  'common.dashboard': 'لوحة التحكم',
  'common.signOut': 'تسجيل الخروج',
  'common.yourAccount': 'حسابك ({name})',
  'common.language': 'اللغة',
  'common.pageDescription': 'مشاركة الأفكار والتصويت عليها ومتابعة خارطة الطريق.',
  'common.needsJavaScript': 'تحتاج لوحة الملاحظات هذه إلى JavaScript لعرض صفحاتها.',
};
