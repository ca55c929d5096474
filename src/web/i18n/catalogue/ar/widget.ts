import type { Translation } from '../translation.js';

export const widget: Translation = {
  'widget.allBoards': 'كل اللوحات',
  'widget.nav': 'ملاحظات',
  'widget.whatsNew': 'ما الجديد',
  'widget.myIdeas': 'أفكاري',
  'widget.close': 'إغلاق',
  'widget.loadingIdeas': 'جارٍ تحميل أفكارك',
  'widget.signInForIdeas': 'سجّل الدخول لترى الأفكار التي نشرتها وصوّتّ لها.',
  'widget.signedInTitle': 'سجّلت الدخول',
  'widget.panelSignedIn': 'لوحة الملاحظات مسجّلة الدخول. يمكنك إغلاق هذه النافذة.',
  'widget.panelSignedInThere': 'عُد إلى النافذة التي طلبت منها الرابط: لوحة الملاحظات هناك مسجّلة الدخول.',
  'widget.openMailedLink': 'افتح رابط تسجيل الدخول الذي أرسلناه إليك بالبريد الإلكتروني. ستسجّل هذه النافذة عندها دخول لوحة الملاحظات ثم تُغلق.',
};
