import fs from "node:fs";
import path from "node:path";
import { parse, PGlite, protocol } from "@electric-sql/pglite";
import * as tar from "tar";

import { acquireDataDirLock } from "./data-dir-lock.server";
import { runInOrder, type SqlDatabase, type SqlStatement } from "./sql-database";

const { serialize } = protocol;

export interface PGliteOpenOptions {
  /**
   * A migrated database (a gzipped tarball of a data directory, see database-image.server.ts) that a directory
   * without a database starts from. Without it PGlite creates the database with initdb (decision 0022).
   */
  image?: string;
}

/**
 * How the shop starts PostgreSQL. Its default 128 MB of shared buffers is sized for a server of its own; a shop's
 * tables fit in a fraction, and WebAssembly memory never shrinks: 16 MB takes ~130 MB off the process
 * (docs/performance.md).
 */
export const pgliteStartParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/**
 * The embedded database: PGlite (PostgreSQL compiled to WebAssembly) persisted in `<dataDir>/pglite`,
 * locked against a second process (`<dataDir>/pglite.lockdir`).
 */
export async function openPGliteDatabase(dataDir: string, { image }: PGliteOpenOptions = {}): Promise<SqlDatabase> {
  const databaseDir = path.join(dataDir, "pglite");
  // `pglite.lock` was a file before decision 0014; the directory lock has its own name.
  const lock = await acquireDataDirLock(path.join(dataDir, "pglite.lockdir"), {
    onWait: (message) => process.stderr.write(`${message}\n`),
  });
  try {
    if (image && (await unpackImageIfNew(image, databaseDir))) {
      console.log(`Created the embedded database in ${displayPath(databaseDir)} from the build's migrated image.`);
    }
    const pglite = await PGlite.create(databaseDir, { startParams: pgliteStartParams });
    return wrapPGlite(pglite, `PGlite at ${displayPath(databaseDir)}`, () => lock.release());
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/**
 * Unpacks the image into `databaseDir` when it holds no database yet; returns whether it did. PGlite's initdb peaks
 * at ~750 MB inside the process, unpacking at ~30-60 MB (decision 0022). Unpacked beside the directory and renamed
 * into place, so that a start killed halfway leaves no half database behind (the caller holds the lock).
 */
async function unpackImageIfNew(image: string, databaseDir: string): Promise<boolean> {
  if (fs.existsSync(path.join(databaseDir, "PG_VERSION"))) return false;
  // Anything else already there is not ours to replace: PGlite deals with it, as before images existed.
  if (fs.existsSync(databaseDir) && fs.readdirSync(databaseDir).length > 0) return false;
  if (!fs.existsSync(image)) {
    process.stderr.write(
      `No database image at ${displayPath(image)}: creating the embedded database with initdb, which needs ~800 MB ` +
        "of memory once. Run `npm run build` to ship the image.\n",
    );
    return false;
  }
  const unpacking = `${databaseDir}.unpacking`;
  fs.rmSync(unpacking, { recursive: true, force: true });
  fs.mkdirSync(unpacking, { recursive: true });
  // The files belong to whoever runs the shop, not to the uid recorded in the tarball.
  await tar.x({ file: image, cwd: unpacking, preserveOwner: false });
  fs.rmSync(databaseDir, { recursive: true, force: true });
  fs.renameSync(unpacking, databaseDir);
  return true;
}

/** Adapts a PGlite instance (persistent, or in memory for tests) to the SQL adapter's interface. */
export function wrapPGlite(pglite: PGlite, description: string, afterClose?: () => Promise<void>): SqlDatabase {
  // PGlite runs one statement at a time. Its transaction() holds the transaction lock until the transaction ends,
  // and each statement takes the query lock: statements of ours take the same locks, in the same order.
  const outsideTransaction = async <T>(work: () => Promise<T>): Promise<T> => {
    await pglite._checkReady();
    return pglite._runExclusiveTransaction(() => pglite.runExclusive(work));
  };

  const transaction: SqlDatabase["transaction"] = (work) =>
    pglite.transaction((tx) =>
      work({
        async query<Row extends object>(text: string, params: readonly unknown[] = []) {
          if (tx.closed) throw new Error("Transaction is closed");
          // Inside the transaction block the Sync commits nothing; PGlite syncs the files at COMMIT.
          const results = await pglite.runExclusive(() => runPrepared(pglite, [{ text, params }], false));
          return (results ? (results[0] ?? []) : (await tx.query<Row>(text, [...params])).rows) as Row[];
        },
        async exec(script: string) {
          await tx.exec(script);
        },
      }),
    );

  const batch = async (statements: readonly SqlStatement[]): Promise<Record<string, unknown>[][]> =>
    (await outsideTransaction(() => runPrepared(pglite, statements, true))) ??
    // Not preparable: the same statements one by one in a transaction.
    transaction((tx) => runInOrder(tx, statements));

  return {
    async query<Row extends object>(text: string, params: readonly unknown[] = []) {
      const [rows] = await batch([{ text, params }]);
      return (rows ?? []) as Row[];
    },
    async exec(script: string) {
      await pglite.exec(script);
    },
    batch,
    description,
    connections: 1,
    transaction,
    async close() {
      if (!pglite.closed) await pglite.close();
      await afterClose?.();
    },
  };
}

/**
 * Statements prepared on a PGlite instance, by SQL text. On the embedded database a statement's JavaScript round
 * trips (PGlite's query() makes six calls into WebAssembly: parse, describe, bind, describe, execute, sync) and its
 * parsing and planning cost more than running it: a prepared statement is bound and executed in one call, with
 * its plan cached (PostgreSQL re-plans by itself when a table or, under row-level security, the role changes).
 * Shared by every wrapper of the same instance; the app's SQL is a fixed set of texts, so the map stays small.
 */
interface PreparedStatement {
  name: string;
  /** Parameter type OIDs, to serialise values exactly as PGlite's query() does. */
  paramTypes: number[];
}

const preparedByInstance = new WeakMap<PGlite, Map<string, PreparedStatement>>();
/** Past this many distinct texts (never reached by the app's own SQL), statements run through PGlite's query(). */
const MAX_PREPARED_STATEMENTS = 500;
let preparedCount = 0;

function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Runs statements as one pipeline: Bind/Describe/Execute for each, then one Sync. Outside a transaction block
 * PostgreSQL runs everything before the Sync as one implicit transaction, committed at the Sync, rolled back (and
 * the rest skipped) at the first error. The caller holds PGlite's locks. Returns undefined when a statement cannot
 * be prepared any more (too many distinct texts): the caller then takes PGlite's own path.
 */
async function runPrepared(
  pglite: PGlite,
  statements: readonly SqlStatement[],
  syncToFs: boolean,
): Promise<Record<string, unknown>[][] | undefined> {
  let prepared = preparedByInstance.get(pglite);
  if (!prepared) preparedByInstance.set(pglite, (prepared = new Map()));
  const parts: Uint8Array[] = [];
  for (const { text, params = [] } of statements) {
    let statement = prepared.get(text);
    if (!statement) {
      if (prepared.size >= MAX_PREPARED_STATEMENTS) return undefined;
      // Prepared on its own first, so that a statement that fails to parse leaves nothing behind.
      const name = `app_${++preparedCount}`;
      const { messages } = await pglite.execProtocol(
        concatBytes([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]),
        { syncToFs: false },
      );
      statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
      prepared.set(text, statement);
    }
    const { name, paramTypes } = statement;
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const serializer = pglite.serializers[paramTypes[index] ?? 0];
      return serializer ? serializer(param) : String(param);
    });
    parts.push(serialize.bind({ statement: name, values }), serialize.describe({ type: "P" }), serialize.execute({}));
  }
  parts.push(serialize.sync());
  const { messages } = await pglite.execProtocol(concatBytes(parts), { syncToFs });
  return parse.parseResults(messages, pglite.parsers).map((result) => result.rows as Record<string, unknown>[]);
}

function displayPath(absoluteOrRelative: string): string {
  const relative = path.relative(process.cwd(), path.resolve(absoluteOrRelative));
  return relative.startsWith("..") || path.isAbsolute(relative) ? path.resolve(absoluteOrRelative) : `./${relative}`;
}
