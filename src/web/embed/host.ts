/*
 * The panel's side of the widget's messages (widget/protocol.ts). A message counts only when it
 * comes from the window that framed the panel and from an origin the owner allowed
 * (`embedOrigins`); the product's token then signs the person in through `POST /auth/sso`.
 */
import { signInWithSso } from '../api/endpoints.js';
import { currentToken, onTokenChange } from '../api/client.js';
import { endSession, loadSession, sessionStore, startSession } from '../session.js';
import { type Site, siteStore } from '../site.js';
import { createStore, useStore } from '../store.js';
import { CHANNEL, type HostMessage, isOurs, type PanelMessage, panelPath } from '../widget/protocol.js';

/** The subject (`sub`) of the product's token behind this panel's session, so a page view of the product does not sign in again. */
const SUBJECT_KEY = 'feedbackd.widgetSubject';

/** The loader's page, once it has said hello: until then (and in the dashboard's preview) nothing listens to the panel. */
const hostStore = createStore<{ origin: string; page: string } | null>(null);

/** The team's page the panel is shown on, once the loader has said hello. */
export const hostPage = (): string | null => hostStore.get()?.page ?? null;

/** Whether a loader listens to the panel (so Close can close it). */
export const useHostListening = (): boolean => useStore(hostStore) !== null;

/** Starts listening to the loader, then tells it the panel is ready. `route` shows a page of the panel. */
export function listenToHost(route: (path: string) => void): void {
  if (window.parent === window) return;
  addEventListener('message', (event) => {
    if (event.source !== window.parent || !isOurs(event.data)) return;
    void whenSiteLoaded().then((site) => {
      if (site.settings.embedOrigins.includes(event.origin)) receive(event.origin, event.data as HostMessage, route);
    });
  });
  addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !event.defaultPrevented) tellHost({ channel: CHANNEL, type: 'close' });
  });
  onTokenChange(() => {
    if (!currentToken()) forgetSubject();
  });
  void whenSiteLoaded().then(() => tellHost({ channel: CHANNEL, type: 'ready' }));
}

/** Asks the loader to close the panel (the close button, Escape). */
export function closePanel(): void {
  tellHost({ channel: CHANNEL, type: 'close' });
}

function tellHost(message: PanelMessage): void {
  // Only "ready" goes out before the loader's hello names its origin; it says nothing else.
  window.parent.postMessage(message, hostStore.get()?.origin ?? '*');
}

function receive(origin: string, message: HostMessage, route: (path: string) => void): void {
  if (message.type === 'hello') hostStore.set({ origin, page: typeof message.page === 'string' ? message.page : '' });
  else if (message.type === 'identify' && typeof message.token === 'string') void identify(message.token);
  else if (message.type === 'logout') {
    forgetSubject();
    endSession();
  } else if (message.type === 'open') {
    if (message.board || message.post) route(panelPath(text(message.board), text(message.post)));
    document.getElementById('main')?.focus({ preventScroll: true });
  }
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** Signs in with the product's token, unless this panel is already signed in as the same person. */
async function identify(token: string): Promise<void> {
  const subject = subjectOf(token);
  if (subject && subject === readSubject() && currentToken()) {
    await whenSessionKnown();
    if (sessionStore.get()) return;
  }
  try {
    await startSession(await signInWithSso(token));
    if (subject) writeSubject(subject);
  } catch (error) {
    // The product's token is the product's business: its developers find the API's words here.
    console.warn('feedbackd: identify did not sign in:', error instanceof Error ? error.message : error);
  }
}

/**
 * The token's `sub`, read without checking the signature: it only decides whether to skip a
 * sign-in, never who anyone is (the server checks every token it is given).
 */
function subjectOf(token: string): string | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

function readSubject(): string | null {
  try {
    return localStorage.getItem(SUBJECT_KEY);
  } catch {
    return null;
  }
}

function writeSubject(subject: string): void {
  try {
    localStorage.setItem(SUBJECT_KEY, subject);
  } catch {
    // No storage: the next page view of the product signs in again.
  }
}

function forgetSubject(): void {
  try {
    localStorage.removeItem(SUBJECT_KEY);
  } catch {
    // Nothing was kept.
  }
}

function whenSiteLoaded(): Promise<Site> {
  return whenStore(siteStore, (site): site is Site => site !== null);
}

async function whenSessionKnown(): Promise<void> {
  if (sessionStore.get() === undefined) await loadSession();
}

function whenStore<T, S extends T>(store: { get(): T; subscribe(listener: (value: T) => void): () => void }, done: (value: T) => value is S): Promise<S> {
  const now = store.get();
  if (done(now)) return Promise.resolve(now);
  return new Promise((resolve) => {
    const stop = store.subscribe((value) => {
      if (!done(value)) return;
      stop();
      resolve(value);
    });
  });
}
