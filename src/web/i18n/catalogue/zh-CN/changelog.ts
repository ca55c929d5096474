import type { Translation } from '../translation.js';

export const changelog: Translation = {
  'changelog.intro': '新功能、改进和修复，以及每项更改所回应的想法。',
  'changelog.loading': '正在加载更新日志',
  'changelog.empty': '还没有发布任何更新。请稍后再来看看。',
  'changelog.showOlder': '显示更早的更新',
  'changelog.allUpdates': '所有更新',
  'changelog.loadingEntry': '正在加载更新',
  'changelog.labelNew': '新功能',
  'changelog.labelImproved': '改进',
  'changelog.labelFixed': '修复',
  'changelog.draft': '草稿',
  'changelog.scheduledFor': '计划于 {date} 发布',
  'changelog.ideasItAnswers': { other: '回应的想法' },
};
