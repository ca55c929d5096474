import { useState } from 'preact/hooks';
import { ApiError, fieldOf } from '../api/client.js';
import { addComment, listRoadmaps, updatePost } from '../api/endpoints.js';
import type { Activity, PostDetail, Roadmap, RoadmapRef } from '../api/types.js';
import { Field } from '../components/field.js';
import { ErrorNotice, messageOf } from '../components/notice.js';
import { t } from '../i18n/t.js';
import { can, useSession } from '../session.js';
import { useSite } from '../site.js';
import { useLoad } from '../use-load.js';

/** What the page learns from an update: the stored status, and the comment that went with it. */
interface StatusListeners {
  onStatus: (roadmap: RoadmapRef | null) => void;
  onComment: (item: Activity) => void;
}

interface PostStatusProps extends StatusListeners {
  post: PostDetail;
}

/**
 * The team's status control on an idea's page (roadmap:assign, which the API asks for): a new status
 * and, optionally, a public comment saying why. Subscribers get both in one mail, since the
 * notification digest gathers a post's updates.
 */
export function PostStatus(props: PostStatusProps) {
  const session = useSession();
  const site = useSite();
  if (!can(session, 'roadmap:assign')) return null;
  const comments = (site?.labs.comments ?? true) && can(session, 'comment:create');
  return <StatusForm {...props} withComment={comments} />;
}

/** A refusal, in words, and whether it is about the comment's text. */
interface Problem {
  message: string;
  aboutComment: boolean;
}

interface Outcome {
  problem: Problem | null;
  done: string;
}

function StatusForm({ post, onStatus, onComment, withComment }: PostStatusProps & { withComment: boolean }) {
  const roadmaps = useLoad(listRoadmaps, []);
  const current = post.roadmap?.id ?? '';
  const [chosen, setChosen] = useState(current);
  const [body, setBody] = useState('');
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ problem: null, done: '' });
  const changes = chosen !== current;
  const says = body.trim() !== '';

  const submit = async (event: Event) => {
    event.preventDefault();
    if (pending || !(changes || says)) return;
    setPending(true);
    setOutcome({ problem: null, done: '' });
    const request = { postId: post.postId, roadmapId: changes ? chosen : undefined, body: says ? body : undefined };
    const next = await update(request, roadmaps.data ?? [], { onStatus, onComment });
    if (!next.problem) setBody('');
    setOutcome(next);
    setPending(false);
  };

  if (roadmaps.error) return <ErrorNotice error={roadmaps.error} onRetry={roadmaps.reload} />;
  const { problem } = outcome;
  return (
    <form class="post-status" onSubmit={submit} aria-labelledby="post-status-title" noValidate>
      <h2 id="post-status-title" class="post-status__title">
        {t('post.setStatus')}
      </h2>
      <Field id="post-status-roadmap" label={t('post.status')}>
        {(describedBy) => (
          <select id="post-status-roadmap" value={chosen} disabled={!roadmaps.data} aria-describedby={describedBy} onChange={(event) => setChosen(event.currentTarget.value)}>
            <option value="">{t('post.noStatus')}</option>
            {(roadmaps.data ?? []).map((roadmap) => (
              <option key={roadmap.id} value={roadmap.id}>
                {roadmap.display ? roadmap.name : t('post.hiddenStatus', { name: roadmap.name })}
              </option>
            ))}
          </select>
        )}
      </Field>
      {roadmaps.data?.length === 0 && <NoStatusesYet />}
      {withComment && (
        <Field
          id="post-status-comment"
          label={t('post.statusComment')}
          hint={t('post.statusCommentHint')}
          error={problem?.aboutComment ? problem.message : null}
        >
          {(describedBy, invalid) => (
            <textarea
              id="post-status-comment"
              class="post-status__comment"
              value={body}
              maxLength={1000}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onInput={(event) => setBody(event.currentTarget.value)}
            />
          )}
        </Field>
      )}
      {problem && !problem.aboutComment && (
        <div class="notice notice--error" role="alert">
          <p>{problem.message}</p>
        </div>
      )}
      <div class="form-actions">
        <button type="submit" class="button button--primary" disabled={pending || !(changes || says)}>
          {pending ? t('post.updating') : changes || !says ? t('post.updateStatus') : t('post.postComment')}
        </button>
        <span role="status" class="post-status__done">
          {outcome.done}
        </span>
      </div>
    </form>
  );
}

/** A new board has no statuses: the select offers only "No status" until someone adds them. */
function NoStatusesYet() {
  const session = useSession();
  return (
    <p class="muted small">
      {t('post.noStatusesYet')}{' '}
      {can(session, 'roadmap:create') ? <a href="/dashboard/roadmaps">{t('post.addStatuses')}</a> : t('post.ownerAddsStatuses')}
    </p>
  );
}

interface UpdateRequest {
  postId: string;
  /** The new status ('' for none), or undefined to leave it. */
  roadmapId?: string;
  /** The comment's text, or undefined for none. */
  body?: string;
}

/** Stores the status, then posts the comment; a comment refused after a stored status says both. */
async function update(request: UpdateRequest, roadmaps: Roadmap[], listeners: StatusListeners): Promise<Outcome> {
  // The new status's name, or null when the status was removed; undefined when it was left alone.
  let status: string | null | undefined;
  if (request.roadmapId !== undefined) {
    try {
      await updatePost(request.postId, { roadmapId: request.roadmapId || null });
    } catch (error) {
      return { problem: { message: messageOf(error), aboutComment: false }, done: '' };
    }
    const roadmap = roadmaps.find((candidate) => candidate.id === request.roadmapId);
    listeners.onStatus(roadmap ? { id: roadmap.id, name: roadmap.name, url: roadmap.url, color: roadmap.color } : null);
    status = roadmap ? roadmap.name : null;
  }
  if (request.body === undefined) return { problem: null, done: status ? t('post.statusUpdated', { status }) : t('post.statusRemoved') };
  try {
    listeners.onComment(await addComment(request.postId, { body: request.body }));
  } catch (error) {
    const aboutComment = error instanceof ApiError && fieldOf(error) === 'body';
    return { problem: { message: commentRefused(status, messageOf(error)), aboutComment }, done: '' };
  }
  return { problem: null, done: withComment(status) };
}

/** After a status change (or none) and a posted comment: one sentence for both. */
function withComment(status: string | null | undefined): string {
  if (status === undefined) return t('post.statusCommentPosted');
  return status === null ? t('post.statusRemovedWithComment') : t('post.statusUpdatedWithComment', { status });
}

/** After a status change (or none) and a refused comment: the refusal, and whether the status stuck. */
function commentRefused(status: string | null | undefined, error: string): string {
  if (status === undefined) return error;
  return status === null ? t('post.statusRemovedCommentFailed', { error }) : t('post.statusUpdatedCommentFailed', { status, error });
}
