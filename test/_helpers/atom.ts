import { XMLParser, XMLValidator } from 'fast-xml-parser';

/*
 * An Atom 1.0 checker for the tests (RFC 4287): well-formed XML (fast-xml-parser's validator), then
 * the rules of the RFC a feed reader relies on — the Atom namespace, one id/title/updated per feed
 * and per entry, ids that are absolute IRIs and unique, RFC 3339 dates, an author for every entry,
 * a link where an entry has no content, and text constructs of a known type. Returns the problems.
 */

const ATOM_NS = 'http://www.w3.org/2005/Atom';
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const IRI = /^[a-z][a-z0-9+.-]*:\S+$/i;
const TEXT_TYPES = new Set(['text', 'html', 'xhtml']);

type Node = Record<string, unknown>;

export interface AtomFeed {
  id: string;
  title: string;
  entries: Array<{ id: string; title: string; link: string | null; summary: string | null; updated: string }>;
}

export function checkAtom(xml: string): { problems: string[]; feed: AtomFeed | null } {
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) return { problems: [`not well-formed: ${wellFormed.err.msg} (line ${wellFormed.err.line})`], feed: null };
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['entry', 'link', 'author'].includes(name), textNodeName: '#text' });
  const root = (parser.parse(xml) as Node).feed as Node | undefined;
  if (!root) return { problems: ['the root element is not <feed>'], feed: null };
  const problems: string[] = [];
  if (root['@xmlns'] !== ATOM_NS) problems.push(`feed: namespace is ${String(root['@xmlns'])}, not ${ATOM_NS}`);
  checkCommon(root, 'feed', problems);
  const feedHasAuthor = Array.isArray(root.author) && root.author.length > 0;
  const entries = (root.entry as Node[] | undefined) ?? [];
  const ids = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    const where = `entry ${index + 1}`;
    checkCommon(entry, where, problems);
    const id = text(entry.id);
    if (ids.has(id)) problems.push(`${where}: id ${id} repeats`);
    ids.add(id);
    if (!feedHasAuthor && !(Array.isArray(entry.author) && entry.author.some((author) => text((author as Node).name)))) problems.push(`${where}: no author, and the feed has none`);
    if (entry.content === undefined && !alternate(entry)) problems.push(`${where}: no content and no alternate link`);
    if (entry.published !== undefined && !RFC3339.test(text(entry.published))) problems.push(`${where}: published is not an RFC 3339 date`);
    for (const name of ['summary', 'content'] as const) checkTextType(entry[name], `${where} ${name}`, problems);
  }
  const feed: AtomFeed = {
    id: text(root.id),
    title: text(root.title),
    entries: entries.map((entry) => ({ id: text(entry.id), title: text(entry.title), link: alternate(entry), summary: entry.summary === undefined ? null : text(entry.summary), updated: text(entry.updated) })),
  };
  return { problems, feed };
}

/** id, title and updated: exactly one each, id an absolute IRI, updated an RFC 3339 date; links with an href. */
function checkCommon(node: Node, where: string, problems: string[]): void {
  for (const name of ['id', 'title', 'updated']) {
    if (node[name] === undefined) problems.push(`${where}: no <${name}>`);
    else if (Array.isArray(node[name])) problems.push(`${where}: more than one <${name}>`);
  }
  if (node.id !== undefined && !IRI.test(text(node.id))) problems.push(`${where}: id ${text(node.id)} is not an absolute IRI`);
  if (node.updated !== undefined && !RFC3339.test(text(node.updated))) problems.push(`${where}: updated is not an RFC 3339 date`);
  checkTextType(node.title, `${where} title`, problems);
  const links = (node.link as Node[] | undefined) ?? [];
  for (const link of links) if (typeof link['@href'] !== 'string' || !IRI.test(link['@href'])) problems.push(`${where}: a link without an absolute href`);
  const alternates = links.filter((link) => (link['@rel'] ?? 'alternate') === 'alternate').map((link) => `${String(link['@type'] ?? '')}|${String(link['@hreflang'] ?? '')}`);
  if (new Set(alternates).size !== alternates.length) problems.push(`${where}: two alternate links of one type and language`);
}

function checkTextType(value: unknown, where: string, problems: string[]): void {
  if (value === undefined || typeof value !== 'object' || value === null) return;
  const type = (value as Node)['@type'];
  if (type !== undefined && !TEXT_TYPES.has(String(type))) problems.push(`${where}: type ${String(type)} is not text, html or xhtml`);
}

function alternate(entry: Node): string | null {
  const links = (entry.link as Node[] | undefined) ?? [];
  const found = links.find((link) => (link['@rel'] ?? 'alternate') === 'alternate');
  return found ? String(found['@href']) : null;
}

function text(value: unknown): string {
  if (typeof value === 'object' && value !== null) return String((value as Node)['#text'] ?? '');
  return value === undefined ? '' : String(value);
}
