import { Random, Zipf } from './random.js';
import { FUNCTION_WORDS, PRODUCT_WORDS, SCRIPT_WORDS, TITLE_LEADS } from './vocabulary.js';

/*
 * Titles and Markdown contents of seeded feedback posts: product words drawn with a Zipf
 * distribution, so a search for a common word matches tens of thousands of posts and one for a
 * rare word a few hundred, like on a real board. A few posts are Cyrillic, Greek or CJK.
 */

/** The text of one post. */
export interface PostText {
  title: string;
  contentMarkdown: string;
}

type Script = keyof typeof SCRIPT_WORDS;

/** Share of posts written in each non-Latin script. */
const SCRIPT_SHARE = 0.01;
/** Written in capitals most of the time, as people do: exercises case folding. */
const ACRONYMS: ReadonlySet<string> = new Set([
  'csv', 'api', 'sso', 'pdf', 'json', 'xml', 'gdpr', 'sdk', 'url', 'sms', 'qr', 'ai', 'css', 'html',
  'sla', 'vpn', 'ip', 'utm', 'mrr', 'kpi', 'okr', 'cli', 'saml', 'ldap', 'vat', 'faq', 'crm', 'ssl', 'tls',
]);
const CONNECTORS: readonly string[] = ['for', 'in', 'on', 'with', 'to', 'the', 'and'];

/** Generates post texts from one seed: the same seed gives the same posts. */
export class TextGenerator {
  private readonly random: Random;
  private readonly product = new Zipf(PRODUCT_WORDS.length);
  private readonly scripts = new Map<Script, Zipf>();

  constructor(seed: number) {
    this.random = new Random(seed);
    for (const script of Object.keys(SCRIPT_WORDS) as Script[]) this.scripts.set(script, new Zipf(SCRIPT_WORDS[script].length));
  }

  /** A post: mostly English product talk, one in a hundred in each of Cyrillic, Greek and CJK. */
  post(): PostText {
    const roll = this.random.next();
    const scripts = Object.keys(SCRIPT_WORDS) as Script[];
    const script = scripts[Math.floor(roll / SCRIPT_SHARE)];
    if (script) return { title: this.scriptTitle(script), contentMarkdown: this.scriptContent(script) };
    return { title: this.title(), contentMarkdown: this.content() };
  }

  /** An English title of 3–8 words: an optional opening ("Please add"), product words, a connector or two. */
  title(): string {
    const total = this.random.int(3, 8);
    const parts: string[] = this.random.chance(0.45) ? [this.random.pick(TITLE_LEADS)] : [];
    const used = new Set<string>();
    while (wordCount(parts) < total) {
      if (parts.length > 0 && wordCount(parts) < total - 1 && this.random.chance(0.2)) parts.push(this.random.pick(CONNECTORS));
      parts.push(this.distinctProductWord(used));
    }
    return capitalise(parts.join(' '));
  }

  /** 10–60 words of Markdown: sentences with some bold and code words, sometimes a list or a link. */
  content(): string {
    const total = this.random.int(10, 60);
    const blocks: string[] = [];
    let written = 0;
    const listed = this.random.chance(0.25) ? this.random.int(4, 9) : 0;
    while (written < total - listed) {
      const length = Math.min(this.random.int(5, 12), total - listed - written);
      blocks.push(this.sentence(Math.max(length, 2)));
      written += Math.max(length, 2);
      if (this.random.chance(0.3)) blocks.push('\n\n');
      else blocks.push(' ');
    }
    if (listed > 0) blocks.push(`\n\n${this.list(listed)}`);
    if (this.random.chance(0.05)) blocks.push(` See [the docs](https://docs.example.org/${this.productWord()}).`);
    return blocks.join('').trim();
  }

  private sentence(length: number): string {
    const words: string[] = [];
    for (let i = 0; i < length; i++) {
      if (i > 0 && this.random.chance(0.35)) words.push(this.random.pick(FUNCTION_WORDS));
      else words.push(this.decorated(this.productWord()));
    }
    return `${capitalise(words.join(' '))}${this.random.pick(['.', '.', '.', '!', '?'])}`;
  }

  private list(words: number): string {
    const items: string[] = [];
    for (let left = words; left > 0; ) {
      const length = Math.min(left, this.random.int(2, 3));
      items.push(`- ${Array.from({ length }, () => this.productWord()).join(' ')}`);
      left -= length;
    }
    return items.join('\n');
  }

  private decorated(word: string): string {
    const roll = this.random.next();
    if (roll < 0.06) return `**${word}**`;
    if (roll < 0.09) return `\`${word}\``;
    return word;
  }

  private productWord(): string {
    const word = PRODUCT_WORDS[this.product.draw(this.random)]!;
    return ACRONYMS.has(word) && this.random.chance(0.7) ? word.toUpperCase() : word;
  }

  private distinctProductWord(used: Set<string>): string {
    for (;;) {
      const word = this.productWord();
      if (used.has(word.toLowerCase())) continue;
      used.add(word.toLowerCase());
      return word;
    }
  }

  private scriptWord(script: Script): string {
    // A Latin product word now and then ("API", "CSV"), as such posts have.
    if (this.random.chance(0.1)) return this.productWord();
    return SCRIPT_WORDS[script][this.scripts.get(script)!.draw(this.random)]!;
  }

  private scriptTitle(script: Script): string {
    const words = new Set<string>();
    const length = this.random.int(3, 6);
    // Bounded: a Latin word drawn twice just leaves the title a word shorter.
    for (let tries = 0; words.size < length && tries < 3 * length; tries++) words.add(this.scriptWord(script));
    return capitalise([...words].join(separator(script)));
  }

  private scriptContent(script: Script): string {
    const words = Array.from({ length: this.random.int(10, 60) }, () => this.scriptWord(script));
    return `${capitalise(words.join(separator(script)))}${script === 'cjk' ? '。' : '.'}`;
  }
}

/** CJK runs of words without a separator would be one search word; a comma keeps them apart. */
function separator(script: Script): string {
  return script === 'cjk' ? '，' : ' ';
}

function wordCount(parts: readonly string[]): number {
  let count = 0;
  for (const part of parts) count += part.split(' ').length;
  return count;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
