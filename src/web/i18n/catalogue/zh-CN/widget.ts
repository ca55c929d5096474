import type { Translation } from '../translation.js';

export const widget: Translation = {
  'widget.allBoards': '所有看板',
  'widget.nav': '反馈',
  'widget.whatsNew': '最新动态',
  'widget.myIdeas': '我的想法',
  'widget.close': '关闭',
  'widget.loadingIdeas': '正在加载你的想法',
  'widget.signInForIdeas': '登录后即可查看你发布过和投过票的想法。',
  'widget.signedInTitle': '你已登录',
  'widget.panelSignedIn': '反馈面板已登录。你可以关闭此窗口。',
  'widget.panelSignedInThere': '请返回你请求链接的窗口：那里的反馈面板已登录。',
  'widget.openMailedLink': '请打开我们通过邮件发送的登录链接。此窗口随后会为反馈面板登录并自动关闭。',
};
