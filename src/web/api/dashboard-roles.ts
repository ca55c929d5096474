// Dashboard › Roles: the role calls of API.md §4.9.1–4.9.4, one typed function each.
import { api } from './client.js';
import type { PageInfo } from './types.js';

/** API.md §3.12. */
export interface Role {
  id: string;
  name: string;
  description: string | null;
  /** True only for @everyone, which the API keeps fixed. */
  isSystem: boolean;
  created_at: string;
  updated_at: string;
}

/** API.md §3.12 RoleDetail: the role with its permissions, in canonical order. */
export interface RoleDetail extends Role {
  permissions: string[];
}

/** What `POST` and `PATCH /roles` take; `permissions`, when given, replaces the whole set. */
export interface RoleInput {
  name?: string;
  description?: string | null;
  permissions?: string[];
}

interface RolePage {
  roles: Role[];
  page_info: PageInfo;
}

/** The largest page the API serves (API.md §1.9). */
const PAGE_SIZE = 100;

/** Every role, newest first (API.md §4.9.1), following the cursor when there are more than a page. */
export async function listAllRoles(): Promise<Role[]> {
  const roles: Role[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await api<RolePage>('GET', '/roles', undefined, { first: PAGE_SIZE, after });
    roles.push(...page.roles);
    if (!page.page_info.has_next_page || !page.page_info.end_cursor) return roles;
    after = page.page_info.end_cursor;
  }
}

/** One role with its permissions (API.md §4.9.2). */
export const getRole = (id: string) => api<{ role: RoleDetail }>('GET', `/roles/${encodeURIComponent(id)}`).then((r) => r.role);

/** `POST` and `PATCH /roles` answer the role next to its permissions; the page reads them as one. */
const detailOf = ({ role, permissions }: { role: Role; permissions: string[] }): RoleDetail => ({ ...role, permissions });

/** A new custom role (API.md §4.9.3). */
export const createRole = (input: RoleInput) =>
  api<{ role: Role; permissions: string[] }>('POST', '/roles', input).then(detailOf);

/** Changes a custom role in one write (API.md §4.9.4). */
export const updateRole = (id: string, input: RoleInput) =>
  api<{ role: Role; permissions: string[] }>('PATCH', '/roles', { id, ...input }).then(detailOf);
