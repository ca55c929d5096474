import { useState } from 'preact/hooks';
import { listAllBoards } from '../api/dashboard-boards.js';
import type { Board } from '../api/types.js';
import { base } from '../base.js';
import { ErrorNotice } from '../components/notice.js';
import { useLoad } from '../use-load.js';

/** What the team pastes into its product's pages: the loader for one board, then who is signed in. */
export function widgetSnippet(siteOrigin: string, boardUrl: string): string {
  return [
    `<script src="${siteOrigin}/widget.js" data-board="${boardUrl}" async></script>`,
    '<script>',
    '  window.feedbackd = window.feedbackd || function () { (feedbackd.q = feedbackd.q || []).push(arguments) };',
    "  feedbackd('identify', { token: '<a token your server signs for the signed-in user>' });",
    '</script>',
  ].join('\n');
}

/** The snippet for a board chosen from the site's public boards, how to sign its token, and a preview of the panel. */
export function WidgetSnippet() {
  const loaded = useLoad(async () => (await listAllBoards()).filter((board) => board.display), []);
  return (
    <div class="widget-snippet">
      <h3 id="widget-snippet-title">The snippet</h3>
      {loaded.error ? (
        <ErrorNotice error={loaded.error} onRetry={loaded.reload} />
      ) : loaded.data && loaded.data.length === 0 ? (
        <p class="muted">No public board yet: the widget opens a board, so create one under Boards first.</p>
      ) : loaded.data ? (
        <BoardSnippet boards={loaded.data} />
      ) : (
        <p class="muted">Loading the boards…</p>
      )}
    </div>
  );
}

function BoardSnippet({ boards }: { boards: Board[] }) {
  const [boardUrl, setBoardUrl] = useState(boards[0]!.url);
  const snippet = widgetSnippet(`${location.origin}${base}`, boardUrl);
  return (
    <>
      <div class="field">
        <label for="widget-board">Board</label>
        <select id="widget-board" value={boardUrl} onChange={(event) => setBoardUrl(event.currentTarget.value)}>
          {boards.map((board) => (
            <option key={board.boardId} value={board.url}>
              {board.name}
            </option>
          ))}
        </select>
      </div>
      <p id="widget-snippet-about">Paste this into every page of your product that shows the widget, before its closing &lt;/body&gt; tag:</p>
      <pre class="widget-snippet__code">
        <code id="widget-snippet-code">{snippet}</code>
      </pre>
      <CopyButton text={snippet} />
      <p>
        Your server signs the token for the signed-in user with one of the <a href="#settings-sign-in-title">single sign-on secrets under Sign-in</a>, as the
        README's “Single sign-on” section describes; without it, people sign in inside the widget.
      </p>
      <h3 id="widget-preview-title">Preview</h3>
      <iframe class="widget-preview" title="Widget preview" src={`/embed/b/${encodeURIComponent(boardUrl)}`} width={400} height={600} />
    </>
  );
}

function CopyButton({ text }: { text: string }) {
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid('Copied');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the code is selected for the keyboard's copy.
      const code = document.getElementById('widget-snippet-code');
      if (code) getSelection()?.selectAllChildren(code);
      setSaid('Could not copy: the snippet is selected, copy it with your keyboard.');
    }
  };
  return (
    <div class="dashboard-form__actions">
      <button type="button" class="button" onClick={() => void copy()}>
        Copy snippet
      </button>
      <span role="status">{said}</span>
    </div>
  );
}
