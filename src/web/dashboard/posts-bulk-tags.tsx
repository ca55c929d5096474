import { useEffect, useState } from 'preact/hooks';
import { listTags, setPostTags } from '../api/endpoints.js';
import type { Post, Tag } from '../api/types.js';
import { messageOf } from '../components/notice.js';

interface BulkTagsProps {
  /** The selected posts of the page shown. */
  selected: Post[];
  /** Each post as it is once its tags are set. */
  onTagged: (post: Post) => void;
  onDone: (words: string) => void;
}

/**
 * For holders of tag:assign (issue 31): add a tag to, or remove it from, every selected post at
 * once. There is no bulk route: each post's tags are set with `PUT /posts/{post_id}/tags`, one
 * post after another, so a refusal names the post it stopped at.
 */
export function BulkTags({ selected, onTagged, onDone }: BulkTagsProps) {
  const [tags, setTags] = useState<Tag[]>([]);
  const [tagId, setTagId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    listTags().then(setTags, () => setTags([]));
  }, []);
  if (tags.length === 0) return null;
  const tag = tags.find((candidate) => candidate.tagId === tagId);
  const apply = async (add: boolean) => {
    if (!tag) return;
    setBusy(true);
    setError(null);
    let done = 0;
    try {
      for (const post of selected) {
        const current = (post.tags ?? []).map((carried) => carried.tagId).filter((id) => id !== tag.tagId);
        const next = add ? [...current, tag.tagId] : current;
        onTagged({ ...post, tags: await setPostTags(post.postId, next) });
        done++;
      }
      onDone(`${add ? 'Added' : 'Removed'} tag ${tag.name} ${add ? 'to' : 'from'} ${done} ${done === 1 ? 'post' : 'posts'}.`);
    } catch (failure) {
      setError(`${messageOf(failure)} (${done} of ${selected.length} done)`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset class="posts-bulk">
      <legend class="visually-hidden">Tag the selected posts</legend>
      <span>{selected.length === 1 ? '1 post selected' : `${selected.length} posts selected`}</span>
      <label for="posts-bulk-tag" class="visually-hidden">
        Tag
      </label>
      <select id="posts-bulk-tag" value={tagId} disabled={busy} onChange={(event) => setTagId(event.currentTarget.value)}>
        <option value="">Choose a tag</option>
        {tags.map((candidate) => (
          <option key={candidate.tagId} value={candidate.tagId}>
            {candidate.name}
            {candidate.public ? '' : ' (private)'}
          </option>
        ))}
      </select>
      <button type="button" class="button" disabled={busy || !tag || selected.length === 0} onClick={() => void apply(true)}>
        Add tag
      </button>
      <button type="button" class="button" disabled={busy || !tag || selected.length === 0} onClick={() => void apply(false)}>
        Remove tag
      </button>
      {error && (
        <p class="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
