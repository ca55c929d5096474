/*
 * widget.js (issue 29): what a team pastes into its product. A launcher, and the board's panel in
 * an iframe of the board's own origin, drawn in a shadow root so no style crosses either way. No
 * framework and no global but `feedbackd`; calls made before this script loaded are run in order.
 */
import { type Locale, toLocale } from '../../i18n/locales.js';
import { CHANNEL, type HostMessage, isOurs, panelPath } from './protocol.js';
import { WIDGET_STYLE } from './style.js';

type Call = [command?: unknown, argument?: unknown];
interface Feedbackd {
  (command: string, argument?: unknown): void;
  q?: Call[];
  loaded?: boolean;
}
declare global {
  interface Window {
    feedbackd?: Feedbackd;
  }
}

interface Options {
  origin: string;
  /** The board's address: the origin and the path it lives under (`https://example.com/feedback`), read from where widget.js came from. */
  site: string;
  board?: string;
  label: string;
  left: boolean;
}

type Outgoing = HostMessage extends infer M ? (M extends { channel: string } ? Omit<M, 'channel'> : never) : never;

/**
 * The launcher's word (issue 33). This script runs on the team's page, where no catalogue of ours is
 * loaded, so it carries its own: a few bytes for the one word. The panel it opens is the board's own
 * page, which the server serves in the visitor's language by itself.
 */
const LAUNCHER_WORDS: Record<Locale, string> = {
  en: 'Feedback',
  de: 'Feedback geben',
  fr: 'Votre avis',
  es: 'Comentarios',
  'pt-BR': 'Enviar feedback',
  it: 'Feedback',
  nl: 'Feedback',
  pl: 'Opinie',
  uk: 'Відгуки',
  ja: 'フィードバック',
  'zh-CN': '反馈',
  ko: '피드백',
  tr: 'Geri bildirim',
  ar: 'ملاحظات',
};

/** The page's language: the snippet's `data-locale`, else the team's page's `<html lang>`, else English. */
function launcherLocale(tag: HTMLScriptElement): Locale {
  return toLocale(tag.dataset.locale ?? '') ?? toLocale(document.documentElement.lang) ?? 'en';
}

function readOptions(tag: HTMLScriptElement): Options {
  const { board, label, position } = tag.dataset;
  const script = new URL(tag.src);
  // widget.js sits at the board's root, also under a sub-path (issue 33 §2): its directory is the board's.
  const site = `${script.origin}${script.pathname.replace(/\/[^/]*$/, '')}`;
  const words = label?.trim() || LAUNCHER_WORDS[launcherLocale(tag)];
  return { origin: script.origin, site, board: board?.trim() || undefined, label: words, left: position === 'bottom-left' };
}

function install(options: Options): void {
  const queued = window.feedbackd?.q ?? [];
  const widget = createWidget(options);
  const api: Feedbackd = (command, argument) => widget.call(command, argument);
  api.loaded = true;
  window.feedbackd = api;
  for (const [command, argument] of queued) widget.call(command, argument);
}

function createWidget(options: Options) {
  let token: string | null = null;
  let frame: HTMLIFrameElement | null = null;
  let ready = false;
  /** `logout()` before the panel could hear it: it still has to sign out whoever it kept from an earlier page. */
  let logoutPending = false;
  let opener: HTMLElement | null = null;
  const { root, launcher, panel } = draw(options);

  const send = (message: Outgoing) => {
    if (ready) frame?.contentWindow?.postMessage({ channel: CHANNEL, ...message }, options.origin);
  };

  const open = (target: { board?: string; post?: string } = {}) => {
    const active = focusedElement();
    if (panel.hidden && active instanceof HTMLElement && active !== document.body) opener = active;
    panel.hidden = false;
    launcher?.setAttribute('aria-expanded', 'true');
    if (!frame) {
      frame = document.createElement('iframe');
      frame.title = options.label;
      frame.src = `${options.site}${panelPath(target.board ?? options.board, target.post)}`;
      panel.append(frame);
    } else send({ type: 'open', ...target });
    frame.focus();
  };

  const close = () => {
    if (panel.hidden) return;
    panel.hidden = true;
    launcher?.setAttribute('aria-expanded', 'false');
    (opener ?? launcher)?.focus();
  };

  addEventListener('message', (event) => {
    if (!frame || event.source !== frame.contentWindow || event.origin !== options.origin || !isOurs(event.data)) return;
    if (event.data.type === 'close') close();
    if (event.data.type !== 'ready') return;
    ready = true;
    // Also when the panel loaded again (a reload inside it): it is told everything afresh.
    send({ type: 'hello', page: location.href });
    if (logoutPending) send({ type: 'logout' });
    logoutPending = false;
    if (token) send({ type: 'identify', token });
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });
  document.addEventListener('click', (event) => {
    const own = (event.target as Element | null)?.closest?.('[data-feedbackd-open]');
    if (!own) return;
    event.preventDefault();
    open({ board: own.getAttribute('data-feedbackd-open') || undefined });
  });
  launcher?.addEventListener('click', () => (panel.hidden ? open() : close()));
  whenBody(() => document.body.append(root));

  return {
    call(command: unknown, argument: unknown) {
      const target = (typeof argument === 'object' && argument !== null ? argument : {}) as { token?: unknown; board?: unknown; post?: unknown };
      if (command === 'identify' && typeof target.token === 'string' && target.token) {
        token = target.token;
        if (ready) send({ type: 'identify', token });
      } else if (command === 'logout') {
        token = null;
        if (ready) send({ type: 'logout' });
        else logoutPending = true;
      } else if (command === 'open') open({ board: text(target.board), post: text(target.post) });
      else if (command === 'close') close();
      else console.warn(`feedbackd: unknown call ${String(command)}`);
    },
  };
}

/** The focused element itself, also inside shadow roots (the document names only their host). */
function focusedElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

/** The widget's own elements: a host element with a shadow root holding the launcher (unless the page has its own) and the panel. */
function draw(options: Options) {
  const root = document.createElement('div');
  root.setAttribute('data-feedbackd-widget', '');
  const shadow = root.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = WIDGET_STYLE;
  const panel = document.createElement('div');
  panel.className = options.left ? 'panel left' : 'panel';
  panel.hidden = true;
  shadow.append(style, panel);
  const launcher = document.querySelector('[data-feedbackd-open]') ? null : drawLauncher(options);
  if (launcher) shadow.append(launcher);
  return { root, launcher, panel };
}

function drawLauncher(options: Options): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = options.left ? 'launcher left' : 'launcher';
  button.textContent = options.label;
  button.setAttribute('aria-expanded', 'false');
  return button;
}

function whenBody(then: () => void): void {
  if (document.body) then();
  else document.addEventListener('DOMContentLoaded', then, { once: true });
}

// Last, once everything above is defined: queued calls run at once.
const script = document.currentScript as HTMLScriptElement | null;
if (script?.src && !window.feedbackd?.loaded) install(readOptions(script));
