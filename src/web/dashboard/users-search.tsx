import { useSearchAsTyped } from './search-as-typed.js';

interface UsersSearchProps {
  query: string;
  /** The trimmed text, once typing pauses. */
  onSearch: (query: string) => void;
}

/** Search as you type by name, username or email; follows the URL when Back changes it. */
export function UsersSearch({ query, onSearch }: UsersSearchProps) {
  const [text, setText] = useSearchAsTyped(query, onSearch);
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
