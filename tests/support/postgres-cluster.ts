import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "#scripts/lib/shop-harness.mjs";
import pg from "pg";

const run = promisify(execFile);

/** Supabase runs PostgreSQL 15; so do the tests. POSTGRES_BIN points elsewhere if needed. */
const binDir = process.env.POSTGRES_BIN ?? "/usr/lib/postgresql/15/bin";
const INSTALL_HINT = "apt-get install -y postgresql-15";

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/<database> (trust authentication, no password). */
  url(database?: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server and deletes its directory. */
  stop(): Promise<void>;
}

/**
 * A throwaway PostgreSQL 15 cluster in a temporary directory on a free port, for one test file.
 * PostgreSQL refuses to run as root, so under root every command runs as the `postgres` user.
 * Missing binaries fail the test with the install command: a skipped suite would hide it.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  for (const program of ["initdb", "pg_ctl", "postgres"]) {
    if (!fs.existsSync(path.join(binDir, program))) {
      throw new Error(
        `PostgreSQL 15 is not installed (${path.join(binDir, program)} is missing). Install it with: ${INSTALL_HINT}`,
      );
    }
  }

  const asRoot = process.getuid?.() === 0;
  const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-pg-"));
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    fs.chownSync(baseDir, uid, gid);
  }
  const dataDir = path.join(baseDir, "data");
  const logFile = path.join(baseDir, "server.log");
  const command = (program: string, args: string[]) =>
    asRoot
      ? (["runuser", ["-u", "postgres", "--", path.join(binDir, program), ...args]] as const)
      : ([path.join(binDir, program), args] as const);
  const exec = (program: string, args: string[]) => {
    const [file, fileArgs] = command(program, args);
    return run(file, [...fileArgs]);
  };

  const port = await freePort();
  let started = false;
  const stopSync = () => {
    if (!started) return;
    started = false;
    try {
      const [file, fileArgs] = command("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      execFileSync(file, [...fileArgs], { stdio: "ignore" });
    } catch {
      // Already stopped.
    }
    fs.rmSync(baseDir, { recursive: true, force: true });
  };
  // If the test process dies without calling stop(), do not leave a server running.
  process.once("exit", stopSync);

  try {
    await exec("initdb", [
      "-D",
      dataDir,
      "-U",
      "postgres",
      "--auth=trust",
      "-E",
      "UTF8",
      "--no-sync",
      "--no-instructions",
    ]);
    await exec("pg_ctl", [
      "-D",
      dataDir,
      "-w",
      "-l",
      logFile,
      "-o",
      `-p ${port} -k ${baseDir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
      "start",
    ]);
    started = true;
  } catch (error) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : "";
    fs.rmSync(baseDir, { recursive: true, force: true });
    throw new Error(`Could not start a PostgreSQL 15 cluster: ${(error as Error).message}\n${log}`);
  }

  const url = (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async stop() {
      process.off("exit", stopSync);
      if (started) {
        await exec("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]).catch(() => {});
        started = false;
      }
      fs.rmSync(baseDir, { recursive: true, force: true });
    },
  };
}
