import { AppError } from '../../errors.js';
import type { AuthProviderRow } from '../../storage/types.js';

/* The refusals of a provider's sign-in that name the provider or its rule, so the page says what happened in words. */

export function emailUnverified(provider: AuthProviderRow): AppError {
  return new AppError('OIDC_EMAIL_UNVERIFIED', `Your ${provider.name} account's email is not verified: verify it there, then try again`, 403);
}

export function domainNotAllowed(provider: AuthProviderRow): AppError {
  return new AppError('OIDC_DOMAIN_NOT_ALLOWED', `Sign-in with ${provider.name} is limited to ${provider.allowedDomains.join(', ')} addresses`, 403);
}

export function signupClosed(provider: AuthProviderRow): AppError {
  return new AppError('OIDC_SIGNUP_CLOSED', `This board does not take new accounts: no account here uses your ${provider.name} address`, 403);
}

export function loginCancelled(provider: AuthProviderRow): AppError {
  return new AppError('OIDC_LOGIN_CANCELLED', `${provider.name} did not sign you in (cancelled or refused there); try again`, 401);
}
