import type { Translation } from '../translation.js';

export const widget: Translation = {
  'widget.allBoards': '모든 보드',
  'widget.nav': '피드백',
  'widget.whatsNew': '새로운 소식',
  'widget.myIdeas': '내 아이디어',
  'widget.close': '닫기',
  'widget.loadingIdeas': '내 아이디어를 불러오는 중',
  'widget.signInForIdeas': '로그인하면 내가 게시하거나 투표한 아이디어를 볼 수 있습니다.',
  'widget.signedInTitle': '로그인 완료',
  'widget.panelSignedIn': '피드백 패널에 로그인되었습니다. 이 창을 닫아도 됩니다.',
  'widget.panelSignedInThere': '링크를 요청한 창으로 돌아가십시오. 그 창의 피드백 패널에 로그인되었습니다.',
  'widget.openMailedLink': '이메일로 보내 드린 로그인 링크를 여십시오. 그러면 이 창이 피드백 패널에 로그인한 뒤 닫힙니다.',
};
