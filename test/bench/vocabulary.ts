/*
 * Words of seeded feedback posts. Each list is in rough order of how often such a word shows up on
 * a product's feedback board: the text generator draws from it with a Zipf distribution by
 * position, so the first words are in most posts and the last ones in about one post in a hundred.
 */

/** Product words, commonest first (a few with diacritics or ß, to exercise letter folding). */
export const PRODUCT_WORDS: readonly string[] = distinct(words(`
  dark mode export dashboard notifications mobile app integration email search calendar slack
  report data view settings page user account team button filter sync api login csv custom
  feature comments option access project list board support import theme status issue workflow
  tags label update android ios desktop browser chrome firefox safari windows linux macos
  keyboard shortcut shortcuts performance speed loading slow error crash bug fix sidebar menu
  profile avatar password security admin permissions roles invite members billing invoice
  subscription plan pricing payment stripe paypal google github gitlab jira trello zapier
  webhook webhooks token oauth sso saml ldap single sign analytics chart charts graph metrics
  statistics reporting widget widgets template templates editor markdown formatting text font
  size color colors layout grid table tables column columns row rows sort sorting order drag
  drop upload download file files attachment attachments image images video audio pdf excel
  spreadsheet json xml backup restore archive delete remove edit rename duplicate copy paste
  undo redo history version versions changelog release roadmap milestone sprint task tasks
  subtask checklist reminder reminders deadline due date time timezone schedule recurring
  weekly daily monthly yearly event events meeting meetings invite availability booking
  language languages translation localization french german spanish japanese chinese arabic
  accessibility screen reader contrast zoom scale offline cache storage limit limits quota
  usage audit log logs activity feed timeline inbox message messages chat thread threads
  reply replies mention mentions emoji reactions like vote votes voting poll survey form
  forms field fields dropdown checkbox toggle switch input validation required optional
  default preferences configuration config environment staging production deploy deployment
  server servers database postgres mysql sqlite redis docker kubernetes helm self hosted
  cloud region europe gdpr privacy consent cookie cookies tracking anonymous public private
  visibility share sharing link links url domain subdomain embed iframe sdk plugin plugins
  extension extensions marketplace store category categories folder folders workspace
  workspaces organization company customer customers client clients contact contacts lead
  leads crm sales marketing campaign newsletter unsubscribe digest summary preview print
  fullscreen split pane tab tabs window popup modal dialog tooltip hover click scroll
  infinite pagination load more refresh realtime live push sms phone number verification
  code qr scan camera photo gallery map maps location address gps route distance nearby
  weather currency tax vat receipt refund discount coupon trial free tier enterprise seat
  seats license renewal cancel downgrade upgrade migration migrate transfer owner ownership
  assign assignee reviewer approval approve reject comment draft publish unpublish schedule
  post posts article articles blog wiki docs documentation help center faq tutorial guide
  onboarding welcome tour tips hint empty state placeholder icon icons logo branding white
  label css html javascript typescript python ruby php java golang rust swift kotlin
  flutter react vue angular svelte node deno electron tauri terminal cli command console
  script scripts automation rule rules trigger triggers action actions condition conditions
  queue job jobs retry timeout rate throttle batch bulk mass selection select multiple
  group groups merge split compare diff conflict lock unlock freeze pin unpin star favorite
  favorites bookmark bookmarks follow unfollow subscribe watcher watchers notify alert
  alerts sound vibration badge counter unread read seen typing presence online status
  away busy focus quiet hours vacation holiday leave approval expense expenses budget
  forecast goal goals okr kpi score ranking leaderboard points reward rewards referral
  affiliate partner partners reseller api-key secret rotate encryption encrypted two factor
  authentication authenticator backup-codes recovery session sessions device devices
  tablet ipad watch wearable tv car voice assistant alexa siri ai assistant summary
  suggestions autocomplete spellcheck grammar dictionary glossary synonym fuzzy exact
  regex wildcard highlight highlighting snippet snippets gist embed-code syntax
  café résumé naïve façade jalapeño zürich straße smörgåsbord crème brûlée
  accent accents unicode rtl hebrew persian hindi korean thai vietnamese polish czech
  turkish dutch swedish norwegian danish finnish greek russian ukrainian portuguese italian
  latency uptime downtime outage incident monitoring healthcheck status-page sla
  compliance hipaa soc iso certificate certificates ssl tls https proxy firewall vpn ip
  allowlist blocklist spam captcha moderation report-abuse ban mute block flag flags
  sandbox demo beta alpha preview experimental lab labs rollout canary toggle-flags
  keyboard-navigation focus-ring screen-reader aria caption captions subtitles transcript
  podcast stream streaming broadcast webinar recording recordings playback speed-control
  retention cohort funnel segment segments attribution utm conversion revenue churn mrr
`));

/** Small words between product words, drawn evenly: realistic sentences, and stop words for /posts/similar. */
export const FUNCTION_WORDS: readonly string[] = words(`
  the the the a a an and and to to to of in on for for with is it it's this that would be
  we our my i you can when not but from are please add also very really so just more should
`);

/** Openings of titles; several hold the stop words of API.md §8.2. */
export const TITLE_LEADS: readonly string[] = [
  'Add', 'Support', 'Allow', 'Please add', 'Option to', 'Improve', 'Fix', 'Make', 'Show', 'Let users',
  'Ability to', 'Bug:', 'Can we have', 'Would love', 'Need', 'Better', 'Request:', 'Why no',
];

/** A short-text vocabulary per non-Latin script, for the small share of posts written in it. */
export const SCRIPT_WORDS: Readonly<Record<'cyrillic' | 'greek' | 'cjk', readonly string[]>> = {
  cyrillic: words(`
    тёмная тема экспорт уведомления панель поиск календарь интеграция мобильное приложение
    отчёт данные настройки страница пользователь аккаунт кнопка фильтр синхронизация импорт
    ошибка скорость загрузка меню профиль пароль безопасность доступ команда проект задача
    шаблон редактор таблица файл файлы резервная копия история версия язык перевод
  `),
  greek: words(`
    σκοτεινό θέμα εξαγωγή ειδοποιήσεις πίνακας αναζήτηση ημερολόγιο ενσωμάτωση εφαρμογή
    αναφορά δεδομένα ρυθμίσεις σελίδα χρήστης λογαριασμός κουμπί φίλτρο συγχρονισμός
    εισαγωγή σφάλμα ταχύτητα φόρτωση μενού προφίλ κωδικός ασφάλεια πρόσβαση ομάδα έργο
    εργασία πρότυπο επεξεργαστής αρχείο αρχεία αντίγραφο ιστορικό έκδοση γλώσσα μετάφραση
  `),
  cjk: words(`
    暗色模式 导出 通知 仪表板 搜索 日历 集成 移动应用 报告 数据 设置 页面 用户 账户 按钮
    过滤 同步 导入 错误 速度 加载 菜单 个人资料 密码 安全 权限 团队 项目 任务 模板 编辑器
    表格 文件 备份 历史 版本 语言 翻译 ダークモード 通知設定 検索 カレンダー エクスポート
  `),
};

/** A word listed twice keeps its first (commoner) rank. */
function distinct(list: readonly string[]): readonly string[] {
  return [...new Set(list)];
}

function words(text: string): readonly string[] {
  return text.split(/\s+/).filter((word) => word !== '');
}
