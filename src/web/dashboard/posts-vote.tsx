import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api/client.js';
import { findUsers, type UserMatch, voteOnBehalf } from '../api/dashboard-posts.js';
import type { Post, Voters } from '../api/types.js';
import { Avatar } from '../components/avatar.js';
import { ErrorNotice, messageOf } from '../components/notice.js';
import { countOf } from '../format.js';
import { nameOf } from '../pages/post-thread.js';
import { useLoad } from '../use-load.js';
import { ModalDialog } from './modal-dialog.js';

const SEARCH_DELAY_MS = 300;

interface VoteForUserProps {
  post: Post;
  onVoted: (voters: Voters) => void;
  onClose: () => void;
}

/** What pressing "Add vote" for one user led to. */
type Outcome = { ok: boolean; text: string };

/** "Vote for a user": find someone by name, username or email, and record their vote on the post. */
export function VoteForUser({ post, onVoted, onClose }: VoteForUserProps) {
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const [votes, setVotes] = useState(post.voters.votesCount);
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, Outcome>>(new Map());
  const [announcement, setAnnouncement] = useState('');
  const [pending, setPending] = useState<string | null>(null);

  const vote = async (user: UserMatch) => {
    if (pending !== null) return;
    setPending(user.userId);
    setAnnouncement('');
    let outcome: Outcome;
    try {
      const { voters } = await voteOnBehalf(post.postId, user.userId);
      setVotes(voters.votesCount);
      onVoted(voters);
      outcome = { ok: true, text: `Vote recorded for ${nameOf(user)}. The idea now has ${countOf(voters.votesCount, 'vote', 'votes')}.` };
    } catch (error) {
      outcome = { ok: false, text: refusalOf(error, user) };
    }
    setOutcomes(new Map([...outcomes, [user.userId, outcome]]));
    setAnnouncement(outcome.text);
    setPending(null);
    // Voted, the row's button is gone: the next step is another search.
    if (outcome.ok) document.getElementById('vote-user-search')?.focus();
  };

  return (
    <ModalDialog title="Vote for a user" onClose={onClose} busy={pending !== null}>
      <p class="modal-dialog__about">
        On “{post.title}”, which has {countOf(votes, 'vote', 'votes')}.
      </p>
      <div class="field">
        <label for="vote-user-search">Search users</label>
        {/* biome-ignore lint/a11y/noAutofocus: the dialog opens on request; its one field is where to type. */}
        <input id="vote-user-search" type="search" autoFocus value={text} maxLength={200} aria-describedby="vote-user-search-hint" onInput={(event) => setText(event.currentTarget.value)} />
        <span id="vote-user-search-hint" class="field__hint">
          Part of a name, username or email.
        </span>
      </div>
      {query && <Matches query={query} outcomes={outcomes} pending={pending} onVote={vote} />}
      {/* Each outcome shows on its user's row; this says it to screen readers. */}
      <p role="status" class="visually-hidden">
        {announcement}
      </p>
      <div class="form-actions">
        <button type="button" class="button" disabled={pending !== null} onClick={onClose}>
          Done
        </button>
      </div>
    </ModalDialog>
  );
}

interface MatchesProps {
  query: string;
  outcomes: ReadonlyMap<string, Outcome>;
  pending: string | null;
  onVote: (user: UserMatch) => void;
}

/** The users matching the search, each with its "Add vote" button, or what came of pressing it. */
function Matches({ query, outcomes, pending, onVote }: MatchesProps) {
  const users = useLoad(() => findUsers(query), [query]);
  if (users.error instanceof ApiError && users.error.status === 403) {
    return <p class="posts-vote__note">Only the board's owner can look up users.</p>;
  }
  if (users.error) return <ErrorNotice error={users.error} onRetry={users.reload} />;
  if (!users.data) return <p class="posts-vote__note">Searching…</p>;
  if (users.data.length === 0) return <p class="posts-vote__note">No user matches “{query}”.</p>;
  return (
    <ul class="posts-vote__users" aria-label="Matching users" aria-busy={users.loading}>
      {users.data.map((user) => {
        const outcome = outcomes.get(user.userId);
        return (
          <li key={user.userId} class="posts-vote__user">
            <Avatar user={user} size={32} />
            <span class="posts-vote__who">
              <span class="posts-vote__name">{nameOf(user)}</span>
              <span class="posts-vote__email">{user.email}</span>
            </span>
            {outcome?.ok ? (
              <span class="posts-vote__done">Voted</span>
            ) : (
              <button type="button" class="button" aria-label={`Add vote from ${nameOf(user)}`} onClick={() => onVote(user)}>
                {pending === user.userId ? 'Voting…' : 'Add vote'}
              </button>
            )}
            {outcome && !outcome.ok && <span class="posts-vote__refusal">{outcome.text}</span>}
          </li>
        );
      })}
    </ul>
  );
}

/** The refusal in words, naming the user where the API's sentence does not. */
function refusalOf(error: unknown, user: UserMatch): string {
  if (error instanceof ApiError && error.code === 'VOTE_EXISTS') return `${nameOf(user)} has already voted for this idea.`;
  return messageOf(error);
}

/** `value`, once it has stopped changing for `delay` ms. */
function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}
