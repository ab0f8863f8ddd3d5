import { createHash } from 'node:crypto';

/*
 * Where the hit writer (hit-writer.ts) puts a batch of click hits: a store commits them in one
 * transaction, making any link it has not seen, and answers with the ids of their links.
 */

export interface ClickHit {
  /** The page's id from content; 0 for a page without one. */
  postId: number;
  /** The page's URL (kept on the link only when postId is 0). */
  location: string;
  target: string;
  anchor: string;
  clickedAt: string;
}

export interface HitStore {
  /**
   * Commits the hits in one transaction and resolves with the link id of each hit's key
   * (linkKeyOf); links in `known` are not looked up again. Nothing is kept when it rejects.
   */
  store(hits: readonly ClickHit[], known: ReadonlyMap<string, number>): Promise<Map<string, number>>;
  close(): Promise<void>;
}

/** The page part of a link's key: its URL only for a page without an id. */
export const pageKeyOf = (hit: ClickHit): string => (hit.postId === 0 ? hit.location : '');
/**
 * A link's key: a SHA-256 of its page, target and anchor, which `click_links` indexes instead
 * of the text (an index row of a few thousand bytes is refused by PostgreSQL; README.md,
 * "Abuse paths and the limits that stop them"). Fixed length, so the writer's cache of keys is
 * bounded in bytes.
 */
export const linkHashOf = (postId: number, page: string, target: string, anchor: string): string =>
  createHash('sha256').update(JSON.stringify([postId, page, target, anchor])).digest('base64url');
export const linkKeyOf = (hit: ClickHit): string => linkHashOf(hit.postId, pageKeyOf(hit), hit.target, hit.anchor);
