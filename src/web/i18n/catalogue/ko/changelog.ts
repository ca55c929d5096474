import type { Translation } from '../translation.js';

export const changelog: Translation = {
  'changelog.intro': '새로운 기능, 개선 사항, 수정 사항과 각 변경이 반영한 아이디어입니다.',
  'changelog.loading': '업데이트 내역을 불러오는 중',
  'changelog.empty': '아직 게시된 업데이트가 없습니다. 곧 다시 확인해 주십시오.',
  'changelog.showOlder': '이전 업데이트 보기',
  'changelog.allUpdates': '모든 업데이트',
  'changelog.loadingEntry': '업데이트를 불러오는 중',
  'changelog.labelNew': '새 기능',
  'changelog.labelImproved': '개선',
  'changelog.labelFixed': '수정',
  'changelog.draft': '초안',
  'changelog.scheduledFor': '{date} 게시 예정',
  'changelog.ideasItAnswers': { other: '반영된 아이디어' },
};
