/* The shapes of what single sign-on stores (issue 28), shared by the service and the restore rules. */

/** The provider of identities made by the team's product's own token. */
export const SSO_PROVIDER = 'sso';

/** A provider's id: `sso`, or an OpenID Connect provider's (lower-case letters, digits, `-`, at most 40). */
export const PROVIDER_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** Longest `sub` claim, in characters: a product's user id, never a document. */
export const MAX_SUBJECT_LENGTH = 200;

/** What `newSsoSecret` makes: `ssosec_` and 32 random bytes in base64url. */
export const SSO_SECRET = /^ssosec_[A-Za-z0-9_-]{43}$/;

/** Longest avatar URL kept, in characters. */
export const MAX_AVATAR_URL_LENGTH = 2000;
