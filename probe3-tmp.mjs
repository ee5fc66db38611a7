import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
const hwm = () => { const s = fs.readFileSync("/proc/self/status","utf8"); const g = f => Math.round(Number(new RegExp(`^${f}:\\s+(\\d+)`,"m").exec(s)[1])/1024); return `rss ${g("VmRSS")} hwm ${g("VmHWM")}`; };
const dir = process.argv[2];
console.log("start", hwm());
let t = Date.now();
const pg = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"] });
console.log("opened", hwm(), Date.now()-t, "ms"); t = Date.now();
await pg.transaction(async (tx) => {
  await tx.exec(fs.readFileSync("app/backend/sql/auth-stand-in.sql", "utf8"));
  for (const f of fs.readdirSync("supabase/migrations").sort()) await tx.exec(fs.readFileSync("supabase/migrations/"+f, "utf8"));
});
console.log("migrated", hwm(), Date.now()-t, "ms");
await pg.close();
console.log("closed", hwm());
