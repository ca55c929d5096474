import type { Translation } from '../translation.js';

export const common: Translation = {
  'common.skipToContent': '본문으로 건너뛰기',
  'common.home': '홈',
  'common.siteNav': '사이트',
  'common.changelog': '업데이트 내역',
  'common.roadmap': '로드맵',
  'common.signIn': '로그인',
  'common.teamSignIn': '팀 로그인',
  'common.poweredBy': 'feedbackd 제공',
  'common.yourProfile': '내 프로필',
  'common.dashboard': '대시보드',
  'common.signOut': '로그아웃',
  'common.yourAccount': '내 계정({name})',
  'common.language': '언어',
  'common.pageDescription': '아이디어를 공유하고 투표하며 로드맵을 확인할 수 있습니다.',
  'common.needsJavaScript': '이 피드백 보드의 페이지를 보려면 JavaScript가 필요합니다.',
};
