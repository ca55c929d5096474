import type { Translation } from '../translation.js';

export const widget: Translation = {
  'widget.allBoards': 'すべてのボード',
  'widget.nav': 'フィードバック',
  'widget.whatsNew': '新着情報',
  'widget.myIdeas': '自分のアイデア',
  'widget.close': '閉じる',
  'widget.loadingIdeas': 'あなたのアイデアを読み込み中',
  'widget.signInForIdeas': 'ログインすると、投稿したアイデアと投票したアイデアを表示できます。',
  'widget.signedInTitle': 'ログインしました',
  'widget.panelSignedIn': 'フィードバックパネルにログインしました。このウィンドウは閉じてかまいません。',
  'widget.panelSignedInThere': 'リンクをリクエストしたウィンドウに戻ってください。そちらのフィードバックパネルにログインしています。',
  'widget.openMailedLink': 'メールでお送りしたログインリンクを開いてください。このウィンドウがフィードバックパネルにログインしてから閉じます。',
};
