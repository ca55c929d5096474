import { appError } from '../errors.js';
import type { Actor, Viewer } from './context.js';

/** Whether the viewer (possibly anonymous) holds a permission. */
export function can(viewer: Viewer, permission: string): boolean {
  return viewer?.permissions.has(permission) ?? false;
}

/** 403 NOT_ENOUGH_PERMISSION unless the actor holds the permission. */
export function requirePermission(actor: Actor, permission: string): void {
  if (!actor.permissions.has(permission)) throw appError('NOT_ENOUGH_PERMISSION');
}
