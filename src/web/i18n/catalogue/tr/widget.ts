import type { Translation } from '../translation.js';

export const widget: Translation = {
  'widget.allBoards': 'Tüm panolar',
  'widget.nav': 'Geri bildirim',
  'widget.whatsNew': 'Yenilikler',
  'widget.myIdeas': 'Fikirlerim',
  'widget.close': 'Kapat',
  'widget.loadingIdeas': 'Fikirleriniz yükleniyor',
  'widget.signInForIdeas': 'Paylaştığınız ve oy verdiğiniz fikirleri görmek için giriş yapın.',
  'widget.signedInTitle': 'Giriş yaptınız',
  'widget.panelSignedIn': 'Geri bildirim aracında giriş yapıldı. Bu pencereyi kapatabilirsiniz.',
  'widget.panelSignedInThere': 'Bağlantıyı istediğiniz pencereye dönün: Oradaki geri bildirim aracında giriş yapıldı.',
  'widget.openMailedLink': 'Size e-postayla gönderdiğimiz giriş bağlantısını açın. Bu pencere ardından geri bildirim aracında giriş yapıp kapanacak.',
};
