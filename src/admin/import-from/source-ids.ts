import { createHash } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import type { SourceTool } from './source-model.js';

/** The namespace of every id an import makes from a source id (a fixed random UUID: it never changes). */
const IMPORT_NAMESPACE = '8e7d8c0e-51f6-4f0b-9a53-0f3c2b6d2a41';

/** What a source row is, as far as its id goes: two kinds never share an id even when the source's ids are equal. */
export type RowKind = 'user' | 'placeholder' | 'voter' | 'board' | 'roadmap' | 'tag' | 'post' | 'vote' | 'comment' | 'activity' | 'entry' | 'link' | 'post-tag' | 'role';

/**
 * Ids made from the source's own: the same source row gets the same id on every run, which is how
 * a second run knows what it imported before (and imports only what is new), on any engine, with
 * no table of its own.
 */
export class SourceIds {
  constructor(
    private readonly tool: SourceTool,
    private readonly site: string,
  ) {}

  id(kind: RowKind, ...parts: string[]): string {
    return uuidv5([this.tool, this.site, kind, ...parts].join('\u0000'), IMPORT_NAMESPACE);
  }

  /** A post's 20-character slug tail (a-z0-9), from its id: the same on every run. */
  slugId(postId: string): string {
    const digest = createHash('sha256').update(postId).digest();
    return BigInt(`0x${digest.subarray(0, 16).toString('hex')}`).toString(36).padStart(20, '0').slice(-20);
  }

  /** Eight characters that tell this source apart in made-up names (placeholder emails). */
  shortTag(...parts: string[]): string {
    return createHash('sha256').update([this.tool, this.site, ...parts].join('\u0000')).digest('hex').slice(0, 10);
  }
}
