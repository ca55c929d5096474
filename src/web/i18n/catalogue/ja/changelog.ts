import type { Translation } from '../translation.js';

export const changelog: Translation = {
  'changelog.intro': '新機能、改善、修正と、それぞれの変更が応えたアイデアをお知らせします。',
  'changelog.loading': '変更履歴を読み込み中',
  'changelog.empty': '公開された更新情報はまだありません。また後でご覧ください。',
  'changelog.showOlder': '以前の更新情報を表示',
  'changelog.allUpdates': 'すべての更新情報',
  'changelog.loadingEntry': '更新情報を読み込み中',
  'changelog.labelNew': '新機能',
  'changelog.labelImproved': '改善',
  'changelog.labelFixed': '修正',
  'changelog.draft': '下書き',
  'changelog.scheduledFor': '{date} に公開予定',
  'changelog.ideasItAnswers': { other: '対応したアイデア' },
};
