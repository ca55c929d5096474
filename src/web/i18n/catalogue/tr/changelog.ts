import type { Translation } from '../translation.js';

export const changelog: Translation = {
  'changelog.intro': 'Yeni olanlar, iyileştirilenler, düzeltilenler ve her değişikliğin karşılık verdiği fikirler.',
  'changelog.loading': 'Değişiklik günlüğü yükleniyor',
  'changelog.empty': 'Henüz yayımlanan bir şey yok. Yakında tekrar bakın.',
  'changelog.showOlder': 'Daha eski güncellemeleri göster',
  'changelog.allUpdates': 'Tüm güncellemeler',
  'changelog.loadingEntry': 'Güncelleme yükleniyor',
  'changelog.labelNew': 'Yeni',
  'changelog.labelImproved': 'İyileştirildi',
  'changelog.labelFixed': 'Düzeltildi',
  'changelog.draft': 'Taslak',
  'changelog.scheduledFor': '{date} için planlandı',
  'changelog.ideasItAnswers': { one: 'Karşılık verdiği fikir', other: 'Karşılık verdiği fikirler' },
};
