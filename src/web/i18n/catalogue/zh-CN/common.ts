import type { Translation } from '../translation.js';

export const common: Translation = {
  'common.skipToContent': '跳到正文',
  'common.home': '首页',
  'common.siteNav': '网站',
  'common.changelog': '更新日志',
  'common.roadmap': '路线图',
  'common.signIn': '登录',
  'common.teamSignIn': '团队登录',
  'common.poweredBy': '由 feedbackd 提供支持',
  'common.yourProfile': '个人资料',
  'common.dashboard': '管理后台',
  'common.signOut': '退出登录',
  'common.yourAccount': '你的账户（{name}）',
  'common.language': '语言',
  'common.pageDescription': '分享想法、为想法投票，并关注路线图。',
  'common.needsJavaScript': '此反馈板需要 JavaScript 才能显示页面。',
};
