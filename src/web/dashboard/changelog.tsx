import { useLocation } from 'preact-iso/router';
import { ChangelogEditorPage } from './changelog-editor.js';
import { ChangelogList } from './changelog-list.js';

/**
 * Changelog: /dashboard/changelog lists the entries, /dashboard/changelog/new writes one,
 * /dashboard/changelog/<entry id> edits one. A page rather than a dialog: an entry is long-form
 * writing with a preview, and its address can be bookmarked or shared with the team.
 */
export function ChangelogPage() {
  const { path } = useLocation();
  // At /dashboard itself the dashboard opens this section for someone whose roles open only it: the list.
  const rest = /^\/dashboard\/changelog(\/|$)/.test(path) ? path.replace(/^\/dashboard\/changelog\/?/, '').replace(/\/+$/, '') : '';
  if (rest === '') return <ChangelogList />;
  // Keyed, so moving from one entry to another starts from that entry's stored values.
  return <ChangelogEditorPage key={rest} entryId={rest === 'new' ? null : rest} />;
}
