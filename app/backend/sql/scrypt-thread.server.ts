import { Worker } from "node:worker_threads";

/**
 * scrypt on threads of our own rather than on libuv's pool. Each hash takes 16 MiB from malloc on the thread that
 * runs it, and glibc keeps what a thread freed in that thread's arena for its next allocation: hashes spread over
 * libuv's four threads kept 4 x 16 MiB resident for good (+60 MB after the first few sign-ins, measured by
 * `npm run bench:memory`). On one thread per concurrent hash (PASSWORD_HASH_CONCURRENCY, default 1) the shop keeps
 * one hash's memory and the thread's own (~8 MB). The thread is started on the first hash and kept; it never
 * keeps the process alive while idle.
 */
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const crypto = require("node:crypto");
parentPort.on("message", ({ id, password, salt, keyLength, options }) => {
  try {
    const key = crypto.scryptSync(password, salt, keyLength, options);
    parentPort.postMessage({ id, key });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

interface Pending {
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

class ScryptThread {
  #worker: Worker | undefined;
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;

  get load() {
    return this.#pending.size;
  }

  run(password: string, salt: Buffer, keyLength: number, options: object): Promise<Buffer> {
    const worker = this.#started();
    const id = this.#nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      // Kept alive while it has work (a script awaiting a hash must not exit under it), never when idle.
      worker.ref();
      worker.postMessage({ id, password, salt, keyLength, options });
    });
  }

  #started(): Worker {
    if (this.#worker) return this.#worker;
    // Its own JavaScript heap is a few kilobytes of messages: a small one.
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
    });
    worker.unref();
    worker.on("message", ({ id, key, error }: { id: number; key?: Uint8Array; error?: string }) => {
      const pending = this.#pending.get(id);
      this.#pending.delete(id);
      if (this.#pending.size === 0) worker.unref();
      if (!pending) return;
      if (key) pending.resolve(Buffer.from(key.buffer, key.byteOffset, key.byteLength));
      else pending.reject(new Error(error ?? "scrypt failed"));
    });
    const fail = (error: Error) => {
      if (this.#worker === worker) this.#worker = undefined;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`The password hashing thread stopped (exit code ${code}).`)));
    this.#worker = worker;
    return worker;
  }
}

const threads: ScryptThread[] = [];

/** crypto.scrypt's result, computed on the least busy of up to `threadCount` threads kept for it. */
export function scryptOnThread(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: { N: number; r: number; p: number; maxmem: number },
  threadCount: number,
): Promise<Buffer> {
  while (threads.length < threadCount && threads.every((thread) => thread.load > 0)) threads.push(new ScryptThread());
  const thread = threads
    .slice(0, Math.max(1, threadCount))
    .reduce((idle, next) => (next.load < idle.load ? next : idle));
  return thread.run(password, salt, keyLength, options);
}
