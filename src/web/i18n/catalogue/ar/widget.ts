import type { Translation } from '../translation.js';

export const widget: Translation = {
  'widget.allBoards': 'كل اللوحات',
  'widget.nav': 'الملاحظات',
  'widget.whatsNew': 'ما الجديد',
  'widget.myIdeas': 'أفكاري',
  'widget.close': 'إغلاق',
  'widget.loadingIdeas': 'جارٍ تحميل أفكارك',
  'widget.signInForIdeas': 'يُرجى تسجيل الدخول لعرض الأفكار التي نشرتها وصوّتّ لها.',
  'widget.signedInTitle': 'تم تسجيل دخولك',
  'widget.panelSignedIn': 'تم تسجيل الدخول في أداة الملاحظات. يمكن إغلاق هذه النافذة الآن.',
  'widget.panelSignedInThere': 'يُرجى العودة إلى النافذة التي طُلب منها الرابط: تم تسجيل الدخول في أداة الملاحظات هناك.',
  'widget.openMailedLink': 'يُرجى فتح رابط تسجيل الدخول الذي أرسلناه بالبريد الإلكتروني. ستسجّل هذه النافذة الدخول في أداة الملاحظات ثم تُغلق.',
};
