import { useEffect, useState } from 'preact/hooks';
import { searchIdeas } from '../api/dashboard-changelog.js';
import type { Post } from '../api/types.js';
import { messageOf } from '../components/notice.js';
import type { FieldBinding } from '../pages/account-form.js';
import { useSearchAsTyped } from './search-as-typed.js';

/** An idea linked to an entry: enough to name it and to send its id. */
export interface LinkedIdea {
  postId: string;
  title: string;
}

interface IdeasPickerProps {
  /** `changelog-postIds`: a refusal of a linked idea lands here and focuses the search box. */
  binding: FieldBinding;
  /** Once out, linking an idea mails nobody: the hint says so. */
  published: boolean;
  linked: LinkedIdea[];
  onChange: (linked: LinkedIdea[]) => void;
}

/** "Ideas this ships": the linked ideas with Remove, and a search as typed whose results each have Add. */
export function IdeasPicker({ binding, published, linked, onChange }: IdeasPickerProps) {
  const search = useIdeaSearch();
  const [text, setText] = useSearchAsTyped(search.query, search.run);
  const isLinked = (postId: string) => linked.some((idea) => idea.postId === postId);
  const describedBy = [`${binding.id}-hint`, binding.error ? `${binding.id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset class="changelog-ideas-picker">
      <legend>Ideas this ships</legend>
      {linked.length === 0 ? (
        <p class="muted">No ideas linked yet.</p>
      ) : (
        <ul class="changelog-linked" aria-label="Linked ideas">
          {linked.map((idea) => (
            <li key={idea.postId}>
              <span>{idea.title}</span>
              <button
                type="button"
                class="button button--quiet"
                aria-label={`Remove ${idea.title}`}
                onClick={() => onChange(linked.filter((other) => other.postId !== idea.postId))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <label for={binding.id}>Find ideas</label>
      <input
        id={binding.id}
        type="search"
        autocomplete="off"
        value={text}
        onInput={(event) => setText(event.currentTarget.value)}
        aria-describedby={describedBy}
        aria-invalid={Boolean(binding.error)}
      />
      <span id={`${binding.id}-hint`} class="field__hint">
        {published ? 'Type a few words of an idea’s title, then add it. The entry is out: nobody is mailed again.' : 'Type a few words of an idea’s title, then add it. Its voters are mailed when the entry is published.'}
      </span>
      <span id={`${binding.id}-error`} class="field__error" aria-live="polite">
        {binding.error ?? ''}
      </span>
      <SearchResults search={search} isLinked={isLinked} onAdd={(post) => onChange([...linked, { postId: post.postId, title: post.title }])} />
    </fieldset>
  );
}

/** The newest search's answer; an older answer arriving late never replaces it. */
function useIdeaSearch() {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Post[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (!query) {
      setResults(null);
      return;
    }
    let current = true;
    searchIdeas(query).then(
      (posts) => {
        if (!current) return;
        setResults(posts);
        setError(null);
      },
      (err: unknown) => current && setError(err),
    );
    return () => {
      current = false;
    };
  }, [query]);
  return { query, run: setQuery, results, error };
}

interface SearchResultsProps {
  search: ReturnType<typeof useIdeaSearch>;
  isLinked: (postId: string) => boolean;
  onAdd: (post: Post) => void;
}

function SearchResults({ search, isLinked, onAdd }: SearchResultsProps) {
  const found = search.results?.filter((post) => !isLinked(post.postId)) ?? [];
  const said = search.error
    ? messageOf(search.error)
    : search.results === null
      ? ''
      : found.length === 0
        ? 'No other ideas match.'
        : `${found.length === 1 ? '1 idea' : `${found.length} ideas`} found.`;
  return (
    <>
      <p role="status" class="changelog-search-status">
        {said}
      </p>
      {found.length > 0 && (
        <ul class="changelog-found" aria-label="Ideas found">
          {found.map((post) => (
            <li key={post.postId}>
              <span>{post.title}</span>
              <button type="button" class="button" aria-label={`Add ${post.title}`} onClick={() => onAdd(post)}>
                Add
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
