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
  'widget.panelSignedIn': 'Geri bildirim paneli giriş yaptı. Bu pencereyi kapatabilirsiniz.',
  'widget.panelSignedInThere': 'Bağlantıyı istediğiniz pencereye dönün: Oradaki geri bildirim paneli giriş yaptı.',
  'widget.openMailedLink': 'Size e-postayla gönderdiğimiz giriş bağlantısını açın. Bu pencere ardından geri bildirim panelinde giriş yapıp kapanacak.',
};
