import type { Db } from '../db/client';

/**
 * Whole unpaged answers kept in memory between calls, each with the version of the rows it was built from
 * (issue 12, decision 056). The version is read from the database on every call, before the rows, so an answer
 * is sent again only while the very rows it shows are unchanged, whoever changed them and on whichever server.
 * A version read first can only be older than the rows that follow it: a change in between makes the next
 * call's version differ, and that call builds the answer again.
 */
export class KeptAnswers {
  #answers = new Map<string, { version: string; bytes: Buffer }>();
  #bytes = 0;

  /**
   * @param maxBytes what all the answers may hold together; past it the least recently sent go first.
   * @param maxAnswerBytes the largest answer kept: a longer list streams as before and is not held whole.
   */
  constructor(
    readonly maxBytes: number,
    readonly maxAnswerBytes: number,
  ) {}

  /** The answer kept under `key`, if it was built from the rows of this `version`. */
  get(key: string, version: string): Buffer | undefined {
    const kept = this.#answers.get(key);
    if (kept?.version !== version) return undefined;
    // Sent again: it becomes the most recent (a Map iterates in insertion order).
    this.#answers.delete(key);
    this.#answers.set(key, kept);
    return kept.bytes;
  }

  keep(key: string, version: string, bytes: Buffer): void {
    this.#drop(key);
    if (bytes.length > this.maxAnswerBytes) return;
    this.#answers.set(key, { version, bytes });
    this.#bytes += bytes.length;
    for (const [oldest, { bytes: its }] of this.#answers) {
      if (this.#bytes <= this.maxBytes) break;
      this.#answers.delete(oldest);
      this.#bytes -= its.length;
    }
  }

  #drop(key: string): void {
    const kept = this.#answers.get(key);
    if (!kept) return;
    this.#answers.delete(key);
    this.#bytes -= kept.bytes.length;
  }

  /** Bytes held now. */
  get size(): number {
    return this.#bytes;
  }
}

// 200 sellers' lists at 100,000 contracts are 680 KB each: 32 MB holds the ones a supervisor opens in a day.
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
const kept = new WeakMap<Db, KeptAnswers>();

/** The kept answers of one database (a server has one; the tests open many). */
export function keptAnswersOf(db: Db): KeptAnswers {
  let answers = kept.get(db);
  if (!answers) kept.set(db, (answers = new KeptAnswers(MAX_BYTES, MAX_ANSWER_BYTES)));
  return answers;
}
