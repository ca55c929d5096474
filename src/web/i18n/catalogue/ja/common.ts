import type { Translation } from '../translation.js';

export const common: Translation = {
  'common.skipToContent': '本文へスキップ',
  'common.home': 'ホーム',
  'common.siteNav': 'サイト',
  'common.changelog': '変更履歴',
  'common.roadmap': 'ロードマップ',
  'common.signIn': 'ログイン',
  'common.teamSignIn': 'チーム用ログイン',
  'common.poweredBy': 'Powered by feedbackd',
  'common.yourProfile': 'プロフィール',
  'common.dashboard': 'ダッシュボード',
  'common.signOut': 'ログアウト',
  'common.yourAccount': 'アカウント（{name}）',
  'common.language': '言語',
  'common.pageDescription': 'アイデアを共有し、投票して、ロードマップを確認しましょう。',
  'common.needsJavaScript': 'このフィードバックボードのページを表示するには JavaScript が必要です。',
};
