import { useLocation } from 'preact-iso/router';
import { RoleDetailPage } from './roles-detail.js';
import { RoleList } from './roles-list.js';
import { NewRolePage } from './roles-new.js';

/**
 * Roles: /dashboard/roles lists them, /dashboard/roles/new creates one, /dashboard/roles/<id> shows
 * one (a form for those whose roles allow changes). The dashboard routes all of these here.
 */
export function RolesPage() {
  const { path } = useLocation();
  const rest = path.replace(/^\/dashboard\/roles\/?/, '').replace(/\/+$/, '');
  if (rest === '') return <RoleList />;
  if (rest === 'new') return <NewRolePage />;
  // Keyed, so moving from one role to another starts from that role's stored values. Not decoded:
  // anything but a role id is the API's to refuse (INVALID_ROLE_ID), in its own words.
  return <RoleDetailPage key={rest} id={rest} />;
}
