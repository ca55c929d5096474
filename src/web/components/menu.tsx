import type { ComponentChildren, RefObject } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';

/** One choice in a menu: an action, or a link (`href`) to another page. */
export type MenuAction = { label: string; danger?: boolean } & ({ onSelect: () => void; href?: never } | { href: string; onSelect?: never });

interface ActionMenuProps {
  /** The button's accessible name, e.g. "Idea actions". */
  label: string;
  actions: MenuAction[];
  /** The button, so a closed form or dialog can give focus back to it. */
  triggerRef: RefObject<HTMLButtonElement | null>;
  /** What the button shows: "…" unless given (the account menu shows the avatar). */
  face?: ComponentChildren;
}

/** A button opening a small menu (menu-button pattern: arrows move, Escape closes and returns focus). */
export function ActionMenu({ label, actions, triggerRef, face }: ActionMenuProps) {
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  // Before paint, so a key pressed right after opening already lands on the first item.
  useLayoutEffect(() => {
    if (open) itemsOf(menuRef.current)[0]?.focus();
  }, [open]);
  useCloseOnOutsidePress(open, wrapRef, () => setOpen(false));

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };
  const choose = (action: MenuAction) => {
    setOpen(false);
    action.onSelect?.();
  };

  return (
    <div class="menu" ref={wrapRef}>
      <button
        ref={triggerRef}
        type="button"
        class="button button--quiet menu__trigger"
        // A face with visible text (initials) names the button in hidden text beside it, so the name contains what shows.
        aria-label={face ? undefined : label}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {face ?? <Dots />}
        {face && <span class="visually-hidden">{label}</span>}
      </button>
      {open && (
        <div class="menu__list" role="menu" aria-label={label} ref={menuRef} onKeyDown={(event) => onMenuKey(event, menuRef.current, close)}>
          {actions.map((action) => {
            const itemClass = `menu__item${action.danger ? ' menu__item--danger' : ''}`;
            return action.href !== undefined ? (
              <a key={action.label} href={action.href} role="menuitem" tabIndex={-1} class={itemClass} onClick={() => setOpen(false)}>
                {action.label}
              </a>
            ) : (
              <button key={action.label} type="button" role="menuitem" tabIndex={-1} class={itemClass} onClick={() => choose(action)}>
                {action.label}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}

function Dots() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle cx="3" cy="8" r="1.5" fill="currentColor" />
      <circle cx="8" cy="8" r="1.5" fill="currentColor" />
      <circle cx="13" cy="8" r="1.5" fill="currentColor" />
    </svg>
  );
}

function itemsOf(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]')) : [];
}

/** Arrow keys, Home and End move between items; Escape closes and returns focus; Tab closes. */
function onMenuKey(event: KeyboardEvent, menu: HTMLElement | null, close: (returnFocus: boolean) => void): void {
  const items = itemsOf(menu);
  const at = items.indexOf(document.activeElement as HTMLElement);
  const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 };
  const target = moves[event.key];
  if (target !== undefined) {
    event.preventDefault();
    items[(target + items.length) % items.length]?.focus();
  } else if (event.key === 'Escape') {
    event.preventDefault();
    close(true);
  } else if (event.key === 'Tab') {
    close(false);
  }
}

/** A press anywhere outside the menu closes it. */
function useCloseOnOutsidePress(open: boolean, wrap: RefObject<HTMLElement | null>, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onPress = (event: PointerEvent) => {
      if (!wrap.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPress);
    return () => document.removeEventListener('pointerdown', onPress);
  }, [open]);
}
