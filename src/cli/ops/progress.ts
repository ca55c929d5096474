import type { TextSink } from '../io.js';

/** How far a long task is: `done` of `total` units, and what it is on now. */
export interface ProgressState {
  done: number;
  total: number;
  /** What is being worked on (`posts`). */
  stage: string;
}

/** Shows progress on stderr: a bar redrawn in place on a terminal, plain lines otherwise. */
export interface ProgressDisplay {
  update(state: ProgressState): void;
  /** Ends the display (the bar's line is finished so later output starts on a new line). */
  finish(): void;
}

const BAR_WIDTH = 30;
/** A terminal is redrawn at most this often; plain lines are written for every change. */
const REDRAW_MS = 100;

/** True when the sink is a terminal (process.stderr on a TTY). */
export function isTerminal(sink: TextSink): boolean {
  return (sink as { isTTY?: boolean }).isTTY === true;
}

/** `[##########--------------------]  33% posts 500/1500`. */
export function progressBar({ done, total, stage }: ProgressState): string {
  const ratio = total === 0 ? 1 : Math.min(done / total, 1);
  const filled = Math.round(ratio * BAR_WIDTH);
  const percent = String(Math.floor(ratio * 100)).padStart(3);
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${percent}% ${stage} ${done}/${total}`;
}

/** A progress display for `label` (`import`), on a terminal or as plain lines. */
export function progressDisplay(sink: TextSink, label: string, terminal = isTerminal(sink)): ProgressDisplay {
  let last: ProgressState | undefined;
  let drawnAt = 0;
  let drawn = false;
  const draw = (state: ProgressState) => {
    sink.write(`\r\u001b[2K${label} ${progressBar(state)}`);
    drawnAt = Date.now();
    drawn = true;
  };
  return {
    update(state) {
      if (last && last.done === state.done && last.stage === state.stage) return;
      last = state;
      if (!terminal) {
        sink.write(`${label}: ${state.done}/${state.total} rows (${state.stage})\n`);
      } else if (Date.now() - drawnAt >= REDRAW_MS || state.done >= state.total) {
        draw(state);
      }
    },
    finish() {
      if (terminal && last) draw(last);
      if (drawn) sink.write('\n');
    },
  };
}
