// The resource shapes of API.md §3, as the web app reads them.

import type { Locale } from '../../i18n/locales.js';

export interface PublicUser {
  userId: string;
  name: string;
  avatar: string;
  username: string;
}

export interface AuthUser extends PublicUser {
  authToken: string;
  email: string;
}

export interface Profile {
  userId: string;
  name: string;
  username: string;
  email: string;
  isVerified?: boolean;
}

export interface BoardRef {
  boardId: string;
  name: string;
  color: string;
  url: string;
  createdAt: string;
}

export interface Board extends BoardRef {
  /** feedbackd's extension (API.md §8.9): at most 300 characters. */
  description: string | null;
  display: boolean;
  view_voters: boolean;
  post_count: number;
  updatedAt: string;
}

export interface RoadmapRef {
  id: string;
  name: string;
  url: string;
  color: string;
}

export interface Roadmap extends RoadmapRef {
  index: number;
  display: boolean;
  created_at: string;
  updated_at: string;
}

export interface ViewerVote {
  voteId: string;
  userId: string;
  postId: string;
  createdAt: string;
}

export interface Vote extends ViewerVote {
  name: string;
  username: string;
  avatar: string;
}

export interface Voters {
  votes: Vote[];
  votesCount: number;
  viewerVote: ViewerVote | null;
}

export interface Post {
  postId: string;
  title: string;
  slug: string;
  contentMarkdown: string | null;
  createdAt: string;
  updatedAt: string;
  board: BoardRef | null;
  author: PublicUser;
  roadmap: RoadmapRef | null;
  /** feedbackd's extension (API.md §8.9): comments the caller may see. */
  commentsCount: number;
  /** feedbackd's extension (API.md §8.9, issue 31): the tags the caller may see, by name. */
  tags: TagRef[];
  /** feedbackd's extension (issue 31): only on a post held by moderation; its author sees `waiting`. */
  approval?: 'waiting' | 'spam';
  voters: Voters;
}

/** A tag as a post carries it (issue 31). */
export interface TagRef {
  tagId: string;
  name: string;
  /** 6 hex digits, no #. */
  color: string;
}

/** A tag as `GET /tags` lists it: private ones only for those who may assign tags. */
export interface Tag extends TagRef {
  public: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A post merged into another, as it was named (feedbackd's extension, issue 30). */
export interface MergedFrom {
  postId: string;
  slug: string;
  title: string;
}

/** A post merged into the one shown, and when; unmerge gives it back. */
export interface MergedPost extends MergedFrom {
  mergedAt: string;
}

export interface PostDetail extends Post {
  slugId: string;
  /** Present when the slug or id asked for was a post merged into this one. */
  mergedFrom?: MergedFrom;
  /** Posts merged into this one that the caller may see, oldest merge first. */
  mergedPosts?: MergedPost[];
}

export interface PostRecord {
  postId: string;
  title: string;
  slug: string;
  slugId: string;
  contentMarkdown: string | null;
  userId: string;
  createdAt: string;
  updatedAt: string;
  boardId: string | null;
  roadmap_id: string | null;
  /** Issue 31: `waiting` when the new post waits for approval. */
  approval?: 'waiting' | 'spam';
}

export interface VoteEntry {
  voteId: string;
  createdAt: string;
  user: PublicUser;
}

export interface PageInfo {
  count: number;
  current_page: number;
  has_next_page: boolean;
  start_cursor: string | null;
  end_cursor: string | null;
}

export interface Comment {
  id: string;
  parent_id: string | null;
  body: string;
  is_internal: boolean;
  is_edited: boolean;
  is_spam: boolean;
  created_at: string;
  updated_at: string;
  /** The post it was written on, when a merge moved it here (issue 30). */
  mergedFrom?: MergedFrom;
  /** Issue 31: only on a comment held by moderation; its author sees `waiting`. */
  approval?: 'waiting' | 'spam';
}

/** GET /moderation (issue 31): one page of held posts and comments, oldest first. */
export interface ModerationQueue {
  approval: 'waiting' | 'spam';
  posts: Post[];
  comments: Array<{ comment: Comment; author: PublicUser; post: { postId: string; title: string; slug: string } }>;
  counts: { waitingPosts: number; waitingComments: number; spamPosts: number; spamComments: number };
}

export interface Activity {
  id: string;
  type: 'comment';
  created_at: string;
  comment: Comment;
  /** `isTeam` is feedbackd's extension (API.md §8.9): the author answers for the team. */
  author: PublicUser & { isTeam: boolean };
}

/** GET /dashboard/summary (feedbackd's extension): every row counted, and the newest comments the caller may see. */
export interface DashboardSummary {
  counts: { posts: number; votes: number; users: number; boards: number; roadmaps: number; comments: number; waiting: number };
  newest_comments: Array<{ comment: Comment; author: PublicUser; post: { postId: string; title: string; slug: string } }>;
}

export interface Labs {
  comments: boolean;
  voteOnBehalf: boolean;
}

export interface Settings {
  title: string;
  description: string | null;
  logo: string | null;
  icon: string | null;
  accentColor: string;
  isPoweredBy: boolean;
  allowSignup: boolean;
  labs: Labs;
  developer_mode: boolean;
  /** feedbackd's extension: false means avatars are initials only, never fetched from Gravatar. */
  gravatar: boolean;
  /** feedbackd's extension (issue 28): the product's sign-in page, where "Sign in" sends visitors; null = the password form. */
  ssoLoginUrl: string | null;
  /** feedbackd's extension (issue 29): origins such as https://app.example.com whose pages may show the widget; [] = nowhere. */
  embedOrigins: string[];
  /** feedbackd's extension (issue 31 §2): whose posts and comments wait for approval. */
  moderation: 'off' | 'new-users' | 'everyone';
  /** feedbackd's extension (issue 31 §2): the sign-up and new-post forms must carry a form token. */
  requireFormToken: boolean;
  /** feedbackd's extension (issue 33): the pages' language when the visitor's choice and browser name none of ours. */
  locale: Locale;
  /** feedbackd's extension (issue 33): the owner's words per language, only those set. */
  texts: SiteTexts;
}

/** The site's own words the owner may override per language (issue 33). */
export type SiteTextKey = 'welcome' | 'newPostHint';

/** Per language, the overridden words; a language without any is absent. */
export type SiteTexts = Partial<Record<Locale, Partial<Record<SiteTextKey, string>>>>;

/** A way the person signs in besides a password (feedbackd's extension, issue 28): `sso` is the team's product. */
export interface LinkedIdentity {
  provider: string;
  createdAt: string;
  lastUsedAt: string;
}

/** One `errors` item of a VALIDATION_ERROR (API.md §1.4). */
export interface FieldProblem {
  path: string;
  message: string;
}

/** Why the caller gets mail about a post (feedbackd's extension, issue 17); `chosen` is their own Subscribe. */
export type SubscriptionReason = 'author' | 'voter' | 'commenter' | 'chosen';

/** GET/PUT /posts/:post_id/subscription: whether the caller gets mail about the post, and why (null when not). */
export interface Subscription {
  postId: string;
  subscribed: boolean;
  reason: SubscriptionReason | null;
}

/** GET/PATCH /auth/notifications: `mail` false turns all notification mail off. */
export interface NotificationSettings {
  mail: boolean;
}

/** POST /notifications/unsubscribe: the post a mailed link unsubscribed from. */
export interface UnsubscribedPost {
  postId: string;
  title: string;
  slug: string;
}

/** A changelog entry's kind of change (issue 30). */
export type ChangelogLabel = 'new' | 'improved' | 'fixed';

/** A changelog entry (feedbackd's extension, issue 30): what shipped, and the ideas it answers. */
export interface ChangelogEntry {
  entryId: string;
  slug: string;
  title: string;
  contentMarkdown: string | null;
  labels: ChangelogLabel[];
  status: 'draft' | 'scheduled' | 'published';
  publishAt: string | null;
  publishedAt: string | null;
  moveToRoadmapId: string | null;
  author: PublicUser | null;
  /** The linked ideas the caller may see. */
  posts: Array<{ postId: string; title: string; slug: string }>;
  createdAt: string;
  updatedAt: string;
}

/** One page of changelog entries. */
export interface ChangelogPage {
  entries: ChangelogEntry[];
  page: number;
  limit: number;
  total_count: number;
  has_next_page: boolean;
}
