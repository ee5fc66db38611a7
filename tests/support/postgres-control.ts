import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);
const binDir = process.env.POSTGRES_BIN ?? "/usr/lib/postgresql/15/bin";

/**
 * Stops and starts again a running PostgreSQL cluster (e.g. one from tests/support/postgres-cluster.ts), to
 * take the database away from the app mid-test. It finds the cluster's directory and its start options
 * (postmaster.opts) through the server itself, so it restarts on the same port and socket directory.
 */
export async function controlCluster(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const dataDir = (await client.query<{ data_directory: string }>("show data_directory")).rows[0]!.data_directory;
  await client.end();

  // e.g. /usr/lib/postgresql/15/bin/postgres "-D" "/tmp/x/data" "-p" "41234" "-k" "/tmp/x" "-c" "fsync=off"
  const words = [...fs.readFileSync(path.join(dataDir, "postmaster.opts"), "utf8").matchAll(/"([^"]*)"/g)].map(
    (match) => match[1]!,
  );
  const options = words.filter((word, index) => word !== "-D" && words[index - 1] !== "-D").join(" ");
  const logFile = path.join(path.dirname(dataDir), "restart.log");

  // PostgreSQL refuses to run as root: then run pg_ctl as the postgres user, as the cluster helper does.
  const pgCtl = (args: string[]) =>
    process.getuid?.() === 0
      ? run("runuser", ["-u", "postgres", "--", path.join(binDir, "pg_ctl"), ...args])
      : run(path.join(binDir, "pg_ctl"), args);

  return {
    /** Fast shutdown: the server ends every connection (as a crash or maintenance would) and stops listening. */
    stop: () => pgCtl(["-D", dataDir, "-m", "fast", "-w", "stop"]),
    start: () => pgCtl(["-D", dataDir, "-w", "-l", logFile, "-o", options, "start"]),
  };
}
