import { options, type VNode } from 'preact';
import { base, withBase } from './base.js';

/*
 * Under a sub-path (issue 33 §2), every root-relative address the app draws (`href="/p/x"`,
 * `src="/uploads/…"`) gets the prefix as its element is created. One hook here rather than a
 * `withBase()` at each of the many links in pages and components: those keep the app's own paths
 * (which the router and the tests use), and a link added later cannot forget the prefix. Only
 * elements whose attributes the browser resolves as addresses are touched. A vnode copied with
 * `cloneElement` would pass here twice and be prefixed twice: the app clones no such element.
 */

/** Elements and the attributes of theirs that name an address. */
const ADDRESS_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href'],
  area: ['href'],
  link: ['href'],
  img: ['src'],
  source: ['src'],
  script: ['src'],
  iframe: ['src'],
  form: ['action'],
};

/** Installs the hook once, and only under a sub-path: at a host's root nothing changes. */
export function prefixAddressesWithBase(): void {
  if (base === '') return;
  const previous = options.vnode;
  options.vnode = (vnode: VNode) => {
    const attributes = typeof vnode.type === 'string' ? ADDRESS_ATTRIBUTES[vnode.type] : undefined;
    if (attributes) {
      const props = vnode.props as Record<string, unknown>;
      for (const name of attributes) if (typeof props[name] === 'string') props[name] = withBase(props[name]);
    }
    previous?.(vnode);
  };
}
