import { useLocation } from 'preact-iso/router';
import { useEffect } from 'preact/hooks';
import { deleteBoard, listAllBoards } from '../api/dashboard-boards.js';
import type { Board } from '../api/types.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { countOf } from '../format.js';
import { ConfirmDialog } from '../pages/post-confirm.js';
import { can, useSession } from '../session.js';
import { BoardForm } from './boards-form.js';
import { type BoardActions, BoardsTable } from './boards-table.js';
import { CatalogueToolbar, HiddenNote, useStoredList, useTask } from './catalogue-parts.js';

/** Boards: every board with its url, colour, visibility and post count; create, edit, delete. */
export function BoardsPage() {
  const session = useSession();
  const boards = useStoredList(listAllBoards);
  const { task, status, open, close, heading } = useTask<Board>();
  useNewFromAddress(can(session, 'board:create'), () => open({ kind: 'new' }));
  const saved = async (board: Board) => {
    await boards.refresh();
    close(task?.kind === 'new' ? `Board ${board.name} created.` : `Board ${board.name} saved.`);
  };
  const actions: BoardActions = {
    edit: can(session, 'board:update') ? (board: Board) => open({ kind: 'edit', item: board }) : undefined,
    remove: can(session, 'board:destroy') ? (board: Board) => open({ kind: 'delete', item: board }) : undefined,
  };
  return (
    <section aria-labelledby="boards-title" class="catalogue">
      <h1 id="boards-title" ref={heading} tabIndex={-1}>
        Boards
      </h1>
      <CatalogueToolbar newLabel={can(session, 'board:create') ? 'New board' : null} status={status} onNew={() => open({ kind: 'new' })} />
      {(task?.kind === 'new' || task?.kind === 'edit') && (
        // Keyed so that switching from one board to another starts a fresh form.
        <BoardForm key={task.kind === 'edit' ? task.item.boardId : 'new'} board={task.kind === 'edit' ? task.item : null} onSaved={saved} onCancel={() => close()} />
      )}
      {boards.error !== null && <ErrorNotice error={boards.error} onRetry={() => void boards.refresh()} />}
      {boards.items ? <BoardsList boards={boards.items} actions={actions} canCreate={can(session, 'board:create')} /> : boards.error === null && <Skeleton rows={3} label="Loading the boards" />}
      {!can(session, 'board:read') && <HiddenNote>Hidden boards are not listed here: seeing them takes a role with board:read.</HiddenNote>}
      {task?.kind === 'delete' && (
        <ConfirmDialog
          question={deleteQuestion(task.item)}
          confirmLabel="Delete board"
          pendingLabel="Deleting…"
          onConfirm={async () => {
            await deleteBoard(task.item.boardId);
            await boards.refresh();
          }}
          onDone={() => close(`Board ${task.item.name} deleted.`)}
          onCancel={() => close()}
        />
      )}
    </section>
  );
}

/** `?new` in the address (the home page's "Create your first board") opens the form at once, then leaves the address. */
function useNewFromAddress(allowed: boolean, openNew: () => void): void {
  const location = useLocation();
  const wanted = 'new' in location.query;
  useEffect(() => {
    if (!wanted) return;
    location.route(location.path, true);
    if (allowed) openNew();
  }, [wanted]);
}

function BoardsList({ boards, actions, canCreate }: { boards: Board[]; actions: BoardActions; canCreate: boolean }) {
  if (boards.length === 0) return <p class="catalogue-empty">No boards yet.{canCreate ? ' Ideas are posted on boards: create the first one.' : ''}</p>;
  return <BoardsTable boards={boards} actions={actions} />;
}

/** What deleting does to the posts (API.md §4.6.9): they stay, without a board, and everyone can see them. */
function deleteQuestion(board: Board): string {
  const question = `Delete board ${board.name}?`;
  if (board.post_count === 0) return `${question} It has no posts.`;
  const posts = countOf(board.post_count, 'post', 'posts');
  const rest = board.post_count === 1 ? 'stays, without a board, and everyone can see it' : 'stay, without a board, and everyone can see them';
  return `${question} Its ${posts} ${rest}.`;
}
