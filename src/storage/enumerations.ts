/*
 * Every enumerated value a stored row may hold, one list each. The row types (types.ts) are made
 * from these lists, and so are the rules restore and import check rows with
 * (services/validation/row-rules.ts): a writer cannot store a value the rules do not know, because
 * the value must be in the list before its type allows it. PostgreSQL's CHECK constraints name the
 * same values; a storage test holds them to these lists.
 */

/** What a mailed token is for: confirming an address, resetting a password, signing in by a mailed link. */
export const MAIL_TOKEN_PURPOSES = ['verify', 'reset', 'signin'] as const;

/** Account mail (verify, reset, signin), the operator's test, subscribers' notifications, alerts to the owner (a webhook turned off). */
export const MAIL_KINDS = ['verify', 'reset', 'signin', 'test', 'notification', 'alert'] as const;

/** How a mail left: through an SMTP server, or written to the outbox directory. */
export const MAIL_TRANSPORTS = ['smtp', 'outbox'] as const;

/** Whether a mail was handed over. */
export const MAIL_STATUSES = ['sent', 'failed'] as const;

/** The kinds of a post's activity entries. */
export const ACTIVITY_TYPES = ['comment'] as const;

/** The body an endpoint receives: feedbackd's signed JSON envelope, or a chat message. */
export const WEBHOOK_FORMATS = ['json', 'slack', 'discord'] as const;

/** Where a webhook delivery stands. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** What a queued notification tells. */
// `shipped` (issue 30 §1): one per person and changelog entry, naming every linked post they follow;
// `merged` (§2): a followed post was merged into another.
export const NOTIFICATION_KINDS = ['status', 'comment', 'title', 'shipped', 'merged'] as const;

/** How a sign-in provider is reached (issue 28 §2): OpenID Connect with discovery, or GitHub's OAuth 2. */
export const AUTH_PROVIDER_KINDS = ['oidc', 'github'] as const;

/** What a changelog entry says it brings (issue 30 §1), in the order they are shown and stored. */
export const CHANGELOG_LABELS = ['new', 'improved', 'fixed'] as const;

/** Where a changelog entry stands: being written, waiting for its `publishAt`, or out. */
export const CHANGELOG_STATUSES = ['draft', 'scheduled', 'published'] as const;

/** The image formats an upload may have (issue 31 §3). */
export const UPLOAD_TYPES = ['png', 'jpeg', 'gif', 'webp'] as const;

/** Where a post or comment stands in the approval queue (issue 31 §2; `Approval` in types.ts). */
export const APPROVALS = ['approved', 'waiting', 'spam'] as const;
