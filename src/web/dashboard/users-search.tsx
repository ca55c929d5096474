import { useEffect, useRef, useState } from 'preact/hooks';

/** How long typing pauses before the search runs. */
const SEARCH_DELAY_MS = 300;

interface UsersSearchProps {
  query: string;
  /** The trimmed text, once typing pauses. */
  onSearch: (query: string) => void;
}

/** Search as you type by name, username or email; follows the URL when Back changes it. */
export function UsersSearch({ query, onSearch }: UsersSearchProps) {
  const [text, setText] = useState(query);
  const search = useRef(onSearch);
  search.current = onSearch;
  useEffect(() => {
    if (text.trim() !== query) setText(query);
  }, [query]);
  useEffect(() => {
    if (text.trim() === query) return;
    const timer = setTimeout(() => search.current(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <search class="dashboard-toolbar users-toolbar">
      <div class="users-toolbar__search">
        <label for="users-search">Search users</label>
        <input
          id="users-search"
          type="search"
          placeholder="Name, username or email"
          value={text}
          maxLength={200}
          onInput={(event) => setText(event.currentTarget.value)}
        />
      </div>
    </search>
  );
}
