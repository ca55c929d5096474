import validator from 'validator';
import { AppError, validationError } from '../../errors.js';
import { parseEmail, parsePersonName } from '../validation/account.js';
import { codePointLength, hasLoneSurrogate } from '../validation/fields.js';
import { MAX_AVATAR_URL_LENGTH, MAX_SUBJECT_LENGTH } from './formats.js';

/** What a product's token says about the person, once every claim keeps its rule. */
export interface SsoClaims {
  subject: string;
  email: string;
  /** Absent: the account keeps its name (a new one takes the email's local part). */
  name?: string;
  avatarUrl: string | null;
}

/** 401 SSO_TOKEN_INVALID saying what is wrong, in words that never repeat the token. */
export function invalidToken(what: string): AppError {
  return new AppError('SSO_TOKEN_INVALID', `The sign-on token ${what}`, 401);
}

/** An https URL of at most 2,000 characters; the path is named in the refusal. */
export function parseAvatarUrl(value: unknown, path: string): string {
  const url = typeof value === 'string' ? value.trim() : '';
  const valid = url !== '' && !hasLoneSurrogate(url) && validator.isURL(url, { require_protocol: true, protocols: ['https'] });
  if (!valid || codePointLength(url) > MAX_AVATAR_URL_LENGTH) {
    throw validationError(path, `must be an https URL of at most ${MAX_AVATAR_URL_LENGTH} characters`);
  }
  return url;
}

/** The person claims of a verified token (issue 28 §1): `sub` and `email` required, `name` and `avatarUrl` optional. */
export function parseSsoClaims(payload: Record<string, unknown>): SsoClaims {
  const { sub, email, name, avatarUrl } = payload;
  if (sub === undefined) throw invalidToken('has no sub claim (the person’s id in your product)');
  if (typeof sub !== 'string' || sub === '' || hasLoneSurrogate(sub) || sub.includes('\u0000') || codePointLength(sub) > MAX_SUBJECT_LENGTH) {
    throw invalidToken(`has a sub claim that is not text of 1..${MAX_SUBJECT_LENGTH} characters`);
  }
  if (email === undefined) throw invalidToken('has no email claim');
  return {
    subject: sub,
    email: claim('email', () => parseEmail(email), 'is not a valid email address'),
    ...(name === undefined || name === null ? {} : { name: claim('name', () => parsePersonName(name), 'is not a name of 1..64 characters') }),
    avatarUrl: avatarUrl === undefined || avatarUrl === null ? null : claim('avatarUrl', () => parseAvatarUrl(avatarUrl, 'avatarUrl'), `is not an https URL of at most ${MAX_AVATAR_URL_LENGTH} characters`),
  };
}

/** A claim through the API's own rule; its refusal becomes SSO_TOKEN_INVALID naming the claim. */
function claim<T>(name: string, parse: () => T, problem: string): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof AppError) throw invalidToken(`has a ${name} claim that ${problem}`);
    throw error;
  }
}
