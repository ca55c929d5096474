// Every /api/v1 call the web app makes, one typed function each; pages never call fetch themselves.
import type { Locale } from '../../i18n/locales.js';
import { api } from './client.js';
import type {
  Activity,
  AuthUser,
  Board,
  ChangelogEntry,
  ChangelogPage,
  DashboardSummary,
  Labs,
  LinkedIdentity,
  ModerationQueue,
  PageInfo,
  Tag,
  TagRef,
  Post,
  PostDetail,
  PostRecord,
  Profile,
  Roadmap,
  Settings,
  VoteEntry,
  Voters,
} from './types.js';

export const getSettings = () => api<{ settings: Settings }>('GET', '/settings/site').then((r) => r.settings);
export const getLabs = () => api<{ labs: Labs }>('GET', '/settings/labs').then((r) => r.labs);
export const getSetupStatus = () => api<{ is_setup: boolean }>('GET', '/auth/setup').then((r) => r.is_setup);

/** The displayed boards (API.md §4.6.1), oldest first, up to 100. */
export const listBoards = () => api<{ boards: Board[] }>('GET', '/boards', undefined, { page: 1, limit: 100 }).then((r) => r.boards);
export const getBoard = (url: string) => api<{ board: Board }>('GET', `/boards/${encodeURIComponent(url)}`).then((r) => r.board);

/** The roadmaps the caller may see, in index order (API.md §4.7.1). */
export const listRoadmaps = () => api<{ roadmaps: Roadmap[] }>('GET', '/roadmaps', undefined, { first: 100 }).then((r) => r.roadmaps);

export type PostOrder = 'votes' | 'newest' | 'oldest';

export interface PostFilter {
  boardIds?: string[];
  roadmapId?: string;
  order?: PostOrder;
  query?: string;
  /** Only the caller's own: the posts they wrote, or those they voted for (issue 27). */
  mine?: 'posted' | 'voted';
  /** Only posts carrying every one of these tags (issue 31). */
  tagIds?: string[];
  page?: number;
  limit?: number;
}

/** A page of posts (API.md §4.4.1 with §8.1's `orderBy` and `query`). */
export function listPosts(filter: PostFilter): Promise<Post[]> {
  const order = filter.order ?? 'votes';
  const body = {
    boardId: filter.boardIds ?? [],
    roadmapId: filter.roadmapId,
    orderBy: order === 'votes' ? 'votes' : 'created',
    created: order === 'oldest' ? 'asc' : 'desc',
    query: filter.query || undefined,
    mine: filter.mine,
    ...(filter.tagIds && filter.tagIds.length > 0 ? { tags: filter.tagIds } : {}),
    page: filter.page ?? 1,
    limit: filter.limit ?? 20,
  };
  return api<{ posts: Post[] }>('POST', '/posts/get', body).then((r) => r.posts);
}

/** The tags the caller may see, by name (issue 31). */
export const listTags = () => api<{ tags: Tag[] }>('GET', '/tags').then((r) => r.tags);

/** Sets exactly the post's tags; answers them as the post now carries them. */
export const setPostTags = (postId: string, tagIds: string[]) =>
  api<{ tags: TagRef[] }>('PUT', `/posts/${postId}/tags`, { tags: tagIds }).then((r) => r.tags);

export interface TagInput {
  name?: string;
  color?: string;
  public?: boolean;
}

export const createTag = (input: TagInput) => api<{ tag: Tag }>('POST', '/tags', input).then((r) => r.tag);
export const updateTag = (tagId: string, input: TagInput) => api<{ tag: Tag }>('PATCH', `/tags/${tagId}`, input).then((r) => r.tag);
export const deleteTag = (tagId: string) => api<void>('DELETE', `/tags/${tagId}`);

/** Posts like a title being typed (API.md §8.2). */
export const similarPosts = (title: string, boardId?: string) =>
  api<{ posts: Post[] }>('POST', '/posts/similar', { title, boardId, limit: 5 }).then((r) => r.posts);

export const getPostBySlug = (slug: string) => api<{ post: PostDetail }>('POST', '/posts/slug', { slug }).then((r) => r.post);

export interface PostInput {
  title?: string;
  contentMarkdown?: string | null;
  boardId?: string | null;
  roadmapId?: string | null;
  /** Issue 31: the new-post form's guard against bots (form-guard.tsx). */
  formToken?: string;
  website?: string;
}

/** Merges a duplicate into `into` (issue 30); answers the target, as `POST /posts/slug` shows it. */
export const mergePost = (postId: string, into: string) =>
  api<{ post: PostDetail }>('POST', `/posts/${postId}/merge`, { into }).then((r) => r.post);
/** Gives a merged post back; answers it. */
export const unmergePost = (postId: string) => api<{ post: PostDetail }>('POST', `/posts/${postId}/unmerge`).then((r) => r.post);

export const createPost = (input: PostInput) => api<{ post: PostRecord }>('POST', '/posts', input).then((r) => r.post);
export const updatePost = (id: string, input: PostInput) =>
  api<{ post: PostRecord }>('PATCH', '/posts', { id, ...input }).then((r) => r.post);
export const deletePost = (id: string) => api<void>('DELETE', '/posts', { id });

export interface VoterPage {
  results: VoteEntry[];
  page_info: PageInfo;
  total_count: number;
}

export const listVoters = (postId: string, after?: string) =>
  api<{ votes: VoterPage }>('GET', `/posts/${postId}/votes`, undefined, { first: 20, after }).then((r) => r.votes);

export const addVote = (postId: string) => api<{ voters: Voters }>('POST', '/votes', { postId }).then((r) => r.voters);
export const removeVote = (postId: string) => api<{ voters: Voters }>('DELETE', '/votes', { postId }).then((r) => r.voters);

/** Newest first, public and (for those allowed) internal comments (API.md §4.11.1). */
export const listActivity = (postId: string, page: number, internal: boolean) =>
  api<{ activity: Activity[] }>('GET', `/posts/${postId}/activity`, undefined, {
    page,
    limit: 100,
    visibility: internal ? 'public,internal' : 'public',
  }).then((r) => r.activity);

export interface CommentInput {
  body: string;
  parent_id?: string | null;
  is_internal?: boolean;
}

export const addComment = (postId: string, input: CommentInput) =>
  api<{ activity: Activity }>('POST', `/posts/${postId}/comments`, input).then((r) => r.activity);
export const editComment = (postId: string, commentId: string, body: string) =>
  api<{ comment: Activity['comment'] }>('PUT', `/posts/${postId}/comments/${commentId}`, { body });
export const deleteComment = (postId: string, commentId: string) => api<void>('DELETE', `/posts/${postId}/comments/${commentId}`);

export const signIn = (email: string, password: string) =>
  api<{ user: AuthUser }>('POST', '/auth/login', { email, password }).then((r) => r.user);
export const signInWithSso = (token: string) => api<{ user: AuthUser }>('POST', '/auth/sso', { token }).then((r) => r.user);
export const signUp = (email: string, password: string, name: string, guard: { formToken?: string; website?: string } = {}) =>
  api<{ user: AuthUser }>('POST', '/auth/signup', { email, password, name, ...guard }).then((r) => r.user);
export const resendVerification = () => api<unknown>('POST', '/auth/email/verify');
export const verifyEmail = (token: string) => api<unknown>('POST', '/auth/email/validate', { token });
export const requestPasswordReset = (email: string) => api<unknown>('POST', '/auth/password/reset', { email });
export const checkResetToken = (token: string) => api<unknown>('POST', '/auth/password/validateToken', { token });
export const setPassword = (token: string, password: string) => api<unknown>('POST', '/auth/password/set', { token, password });

// Sign-in by a mailed link (issue 28): the answer is the same whether or not the address has an account.
export const requestSignInLink = (email: string, next: string | null) =>
  api<{ magicLink: { lifetimeSeconds: number } }>('POST', '/auth/magic-link', { email, next }).then((r) => r.magicLink);
export const signInWithLink = (token: string) =>
  api<{ user: AuthUser }>('POST', '/auth/magic-link/login', { token }).then((r) => r.user);

export const getProfile = () => api<{ user: Profile }>('GET', '/users/profile').then((r) => r.user);
export const updateProfile = (name: string) => api<{ user: Profile }>('PATCH', '/users/profile', { name }).then((r) => r.user);
/** The account's language (issue 33); null: the browser's. */
/** The account's language (issue 33): one of LOCALES, or null for the browser's. */
export const getLanguage = () => api<{ language: { locale: Locale | null } }>('GET', '/auth/language').then((r) => r.language.locale);
export const setLanguage = (locale: Locale | null) =>
  api<{ language: { locale: Locale | null } }>('PATCH', '/auth/language', { locale }).then((r) => r.language.locale);
/** `GET /auth/identities` (issue 28): the linked identities, whether a password is set, whether mailed links reach the account. */
export interface SignInWays {
  identities: LinkedIdentity[];
  hasPassword: boolean;
  signInLinks: boolean;
}
export const getSignInWays = () => api<SignInWays>('GET', '/auth/identities');
export const unlinkIdentity = (provider: string) => api<void>('DELETE', `/auth/identities/${encodeURIComponent(provider)}`);
export const getPermissions = () => api<{ permissions: string[] }>('GET', '/users/permissions').then((r) => r.permissions);

// The dashboard: its overview in one request (feedbackd's extension GET /dashboard/summary, needs dashboard:read).
export const getDashboardSummary = () => api<{ summary: DashboardSummary }>('GET', '/dashboard/summary').then((r) => r.summary);
type SiteField = 'title' | 'description' | 'logo' | 'icon' | 'accentColor' | 'isPoweredBy' | 'gravatar' | 'allowSignup' | 'developer_mode' | 'ssoLoginUrl' | 'embedOrigins' | 'moderation' | 'requireFormToken' | 'locale' | 'texts';
export type SiteChanges = Partial<Pick<Settings, SiteField>>;
export const updateSettings = (changes: SiteChanges) => api<{ settings: Settings }>('PATCH', '/settings/site', changes).then((r) => r.settings);
export const updateLabs = (changes: Partial<Labs>) => api<{ labs: Labs }>('PATCH', '/settings/labs', changes).then((r) => r.labs);

/** A sign-in provider's button (issue 28 §2). */
export interface AuthProviderButton {
  providerId: string;
  name: string;
}
export const listAuthProviders = () => api<{ providers: AuthProviderButton[] }>('GET', '/auth/providers').then((r) => r.providers);
/** The outcome of a provider sign-in, which the callback left in a cookie only this request can read. */
export const exchangeProviderSignIn = () => api<{ user: AuthUser; next: string }>('POST', '/auth/oidc/exchange');
/** The browser's way to a provider: a navigation, not a request of the app. */
export const providerStartHref = (providerId: string, next: string) => `/api/v1/auth/oidc/${encodeURIComponent(providerId)}/start?next=${encodeURIComponent(next)}`;

/** Published changelog entries, newest first (drafts too for those who write them); `postId`: those that ship that idea. */
export const listChangelog = (query: { page?: number; limit?: number; postId?: string } = {}) => api<ChangelogPage>('GET', '/changelog', undefined, query);
export const getChangelogEntry = (slugOrId: string) => api<{ entry: ChangelogEntry }>('GET', `/changelog/${encodeURIComponent(slugOrId)}`).then((r) => r.entry);

/** The approval queue (issue 31): waiting (or spam) posts and comments, oldest first. */
export const getModerationQueue = (approval: 'waiting' | 'spam' = 'waiting') =>
  api<{ moderation: ModerationQueue }>('GET', '/moderation', undefined, { approval, limit: 50 }).then((r) => r.moderation);

/** A decision on a held post or comment (issue 31). */
export const moderate = (kind: 'posts' | 'comments', id: string, action: 'approve' | 'decline' | 'spam', body: { trust?: boolean; block?: boolean } = {}) =>
  api<{ decision: unknown }>('POST', `/moderation/${kind}/${encodeURIComponent(id)}/${action}`, body);

/** A token for the sign-up and new-post forms (issue 31): fetched when the form opens, sent back with it. */
export const getFormToken = () => api<{ token: string; readyInMs: number }>('GET', '/forms/token');
