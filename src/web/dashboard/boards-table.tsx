import type { Board } from '../api/types.js';
import { formatNumber } from '../format.js';
import { TableWrap } from './table-wrap.js';

/** What a row's buttons do; a button is left out when the session may not use it. */
export interface BoardActions {
  edit?: (board: Board) => void;
  remove?: (board: Board) => void;
}

/** The boards, one row each: name and colour, url, what visitors see, post count, and its buttons. */
export function BoardsTable({ boards, actions }: { boards: Board[]; actions: BoardActions }) {
  const withActions = Boolean(actions.edit || actions.remove);
  return (
    <TableWrap label="Boards table">
      <table class="dashboard-table catalogue-table">
        <thead>
          <tr>
            <th scope="col">Board</th>
            <th scope="col">URL</th>
            <th scope="col">Visibility</th>
            <th scope="col">Voters</th>
            <th scope="col" class="dashboard-table__number">
              Posts
            </th>
            {withActions && (
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {boards.map((board) => (
            <BoardRow key={board.boardId} board={board} actions={withActions ? actions : null} />
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function BoardRow({ board, actions }: { board: Board; actions: BoardActions | null }) {
  return (
    <tr>
      <th scope="row" class="catalogue-table__name">
        <span class="dot" style={{ background: `#${board.color}` }} aria-hidden="true" />
        {board.name}
      </th>
      <td>
        <a href={`/b/${encodeURIComponent(board.url)}`}>/b/{board.url}</a>
      </td>
      <td>{board.display ? 'Shown' : <span class="catalogue-hidden">Hidden</span>}</td>
      <td>{board.view_voters ? 'Shown' : 'Hidden'}</td>
      <td class="dashboard-table__number">{formatNumber(board.post_count)}</td>
      {actions && (
        <td class="catalogue-table__actions">
          {actions.edit && (
            <button type="button" class="button" aria-label={`Edit board ${board.name}`} onClick={() => actions.edit?.(board)}>
              Edit
            </button>
          )}
          {actions.remove && (
            <button type="button" class="button button--danger" aria-label={`Delete board ${board.name}`} onClick={() => actions.remove?.(board)}>
              Delete
            </button>
          )}
        </td>
      )}
    </tr>
  );
}
