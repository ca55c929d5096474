import type { Board, Roadmap } from '../api/types.js';
import { ORDERS, type PostsFilter, type PostsOrder } from './posts-filter.js';
import { useSearchAsTyped } from './search-as-typed.js';

interface PostsToolbarProps {
  filter: PostsFilter;
  boards: Board[];
  roadmaps: Roadmap[];
  /** A new view; `replace` keeps the history entry (a search being refined). */
  onChange: (filter: PostsFilter, replace?: boolean) => void;
}

/** Search as you type, and the board, status and order filters; every change starts at page 1. */
export function PostsToolbar({ filter, boards, roadmaps, onChange }: PostsToolbarProps) {
  const choose = (changes: Partial<PostsFilter>) => onChange({ ...filter, ...changes, page: 1 });
  return (
    <search class="dashboard-toolbar posts-toolbar" aria-label="Filter posts">
      <SearchBox query={filter.query} onSearch={(query) => onChange({ ...filter, query, page: 1 }, filter.query !== '')} />
      <div class="posts-toolbar__control">
        <label for="posts-board">Board</label>
        <select id="posts-board" value={filter.board} onChange={(event) => choose({ board: event.currentTarget.value })}>
          <option value="">All boards</option>
          {boards.map((board) => (
            <option key={board.boardId} value={board.boardId}>
              {board.display ? board.name : `${board.name} (hidden)`}
            </option>
          ))}
        </select>
      </div>
      <div class="posts-toolbar__control">
        <label for="posts-roadmap">Status</label>
        <select id="posts-roadmap" value={filter.roadmap} onChange={(event) => choose({ roadmap: event.currentTarget.value })}>
          <option value="">Any status</option>
          {roadmaps.map((roadmap) => (
            <option key={roadmap.id} value={roadmap.id}>
              {roadmap.display ? roadmap.name : `${roadmap.name} (hidden)`}
            </option>
          ))}
        </select>
      </div>
      <div class="posts-toolbar__control">
        <label for="posts-order">Order</label>
        <select id="posts-order" value={filter.order} onChange={(event) => choose({ order: event.currentTarget.value as PostsOrder })}>
          {ORDERS.map((order) => (
            <option key={order.value} value={order.value}>
              {order.label}
            </option>
          ))}
        </select>
      </div>
    </search>
  );
}

/** The search field: searches once typing pauses, and follows the URL when Back changes it. */
function SearchBox({ query, onSearch }: { query: string; onSearch: (query: string) => void }) {
  const [text, setText] = useSearchAsTyped(query, onSearch);
  return (
    <div class="posts-toolbar__control posts-toolbar__search">
      <label for="posts-search">Search posts</label>
      <input
        id="posts-search"
        type="search"
        placeholder="Words in the title or description"
        value={text}
        maxLength={200}
        onInput={(event) => setText(event.currentTarget.value)}
      />
    </div>
  );
}
