import type { Middleware } from 'koa';
import { AppError, appError } from '../errors.js';
import { actorFor } from '../services/actors.js';
import type { Actor, ServiceContext, Viewer } from '../services/context.js';

/** Route middleware for required auth: checks A1–A4 of API.md §2.2 and sets `viewer` and `actor`. */
export function requireAuth(services: ServiceContext): Middleware {
  return async (ctx, next) => {
    const actor = await authenticate(services, ctx.get('authorization'));
    ctx.state.viewer = actor;
    ctx.state.actor = actor;
    await next();
  };
}

/** Route middleware for optional auth (API.md §2.3): any A1–A4 failure, blocked included, leaves the viewer anonymous. */
export function optionalAuth(services: ServiceContext): Middleware {
  return async (ctx, next) => {
    ctx.state.viewer = await viewerOrAnonymous(services, ctx.get('authorization'));
    await next();
  };
}

async function viewerOrAnonymous(services: ServiceContext, header: string): Promise<Viewer> {
  if (header.trim() === '') return null;
  try {
    return await authenticate(services, header);
  } catch (error) {
    // Only the A1–A4 answers mean "anonymous"; a storage failure is still a 500.
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** The actor behind an `Authorization` header value, or the first failing check of A1–A4. */
export async function authenticate(services: ServiceContext, header: string): Promise<Actor> {
  const token = bearerToken(header);
  const claims = services.tokens.verify(token);
  if (!claims) throw appError('INVALID_TOKEN');
  const user = await services.storage.users.get(claims.userId.toLowerCase());
  if (!user || user.tokenVersion !== claims.ver) throw appError('INVALID_TOKEN');
  if (user.isBlocked) throw appError('USER_BLOCKED');
  return actorFor(services.storage, user);
}

/** A1/A2: trimmed, split on runs of whitespace, exactly `Bearer <token>` (scheme case-insensitive). */
function bearerToken(header: string): string {
  const trimmed = header.trim();
  if (trimmed === '') throw appError('INVALID_AUTH_HEADER');
  const parts = trimmed.split(/\s+/);
  if (parts.length !== 2 || parts[0]?.toLowerCase() !== 'bearer') throw appError('INVALID_AUTH_HEADER_FORMAT');
  return parts[1]!;
}
