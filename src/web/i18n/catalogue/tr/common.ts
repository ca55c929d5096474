import type { Translation } from '../translation.js';

export const common: Translation = {
  'common.skipToContent': 'İçeriğe geç',
  'common.home': 'Ana sayfa',
  'common.siteNav': 'Site',
  'common.changelog': 'Değişiklik günlüğü',
  'common.roadmap': 'Yol haritası',
  'common.signIn': 'Giriş yap',
  'common.teamSignIn': 'Ekip girişi',
  'common.poweredBy': 'feedbackd ile çalışır',
  'common.yourProfile': 'Profiliniz',
  'common.dashboard': 'Yönetim paneli',
  'common.signOut': 'Çıkış yap',
  'common.yourAccount': 'Hesabınız ({name})',
  'common.language': 'Dil',
  'common.pageDescription': 'Fikirlerinizi paylaşın, oylayın ve yol haritasını takip edin.',
  'common.needsJavaScript': 'Bu geri bildirim panosunun sayfalarını göstermek için JavaScript gerekir.',
};
