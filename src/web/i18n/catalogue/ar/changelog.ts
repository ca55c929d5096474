import type { Translation } from '../translation.js';

export const changelog: Translation = {
  'changelog.intro': 'ما الجديد وما الذي تحسّن وما الذي أُصلح، والأفكار التي يستجيب لها كل تغيير.',
  'changelog.loading': 'جارٍ تحميل سجل التغييرات',
  'changelog.empty': 'لم يُطرح شيء بعد. يُرجى العودة قريبًا.',
  'changelog.showOlder': 'عرض التحديثات الأقدم',
  'changelog.allUpdates': 'كل التحديثات',
  'changelog.loadingEntry': 'جارٍ تحميل التحديث',
  'changelog.labelNew': 'جديد',
  'changelog.labelImproved': 'تحسين',
  'changelog.labelFixed': 'إصلاح',
  'changelog.draft': 'مسودة',
  'changelog.scheduledFor': 'مجدول في {date}',
  'changelog.ideasItAnswers': { zero: 'الأفكار التي يستجيب لها', one: 'الفكرة التي يستجيب لها', two: 'الفكرتان اللتان يستجيب لهما', few: 'الأفكار التي يستجيب لها', many: 'الأفكار التي يستجيب لها', other: 'الأفكار التي يستجيب لها' },
};
