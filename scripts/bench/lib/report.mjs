// Shared output: the machine a figure came from, readable tables, budgets, and the JSON record.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { tmpDir } from "./shop-server.mjs";

function commandOutput(command, args) {
  try {
    return execFileSync(command, args, { encoding: "utf8" }).trim();
  } catch {
    return "unavailable";
  }
}

/** Figures mean little without the machine: cores, memory, load at the start, Node. */
export function machineInfo() {
  return {
    date: new Date().toISOString(),
    nproc: Number(commandOutput("nproc", [])) || os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    memory:
      commandOutput("free", ["-h"])
        .split("\n")
        .find((line) => line.startsWith("Mem:")) ?? "unknown",
    loadAverage: os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(" "),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
  };
}

export function printMachine(machine) {
  console.log(`\nMachine: ${machine.nproc} cores (${machine.cpuModel}), ${machine.memory.replace(/\s+/g, " ")}`);
  console.log(`Node ${machine.node}, load average at start ${machine.loadAverage}, ${machine.date}`);
  if (Number(machine.loadAverage.split(" ")[0]) > machine.nproc) {
    console.log(
      "Note: the machine was busy (load average above its core count): figures are lower than on a quiet machine.",
    );
  }
}

export function median(values) {
  const sorted = values.filter((value) => typeof value === "number" && !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A plain-text table: the first row is the header; numbers align right. */
export function printTable(rows) {
  const text = rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? "-" : String(cell))));
  const widths = text[0].map((_, column) => Math.max(...text.map((row) => row[column].length)));
  const line = (row) =>
    row
      .map((cell, column) =>
        column === 0 || !/^[\d.,\s%-]+$/.test(cell) ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
      )
      .join("  ");
  console.log(line(text[0]));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of text.slice(1)) console.log(line(row));
}

/**
 * A budget check: `{ name, value, limit, pass }` with the figure shown as text. Comparisons take the
 * figure and the limit so the printed rule and the test cannot drift apart.
 */
export function budget(name, value, comparison, limit, format = (figure) => String(figure)) {
  const pass =
    value !== null &&
    value !== undefined &&
    (comparison === ">=" ? value >= limit : comparison === "<" ? value < limit : value <= limit);
  return {
    name,
    value,
    limit,
    comparison,
    pass,
    text: `${name} ${value === null ? "n/a" : format(value)} (${comparison} ${format(limit)})`,
  };
}

export function printBudgets(budgets) {
  const failed = budgets.filter((entry) => !entry.pass);
  console.log(`\nBudgets: ${budgets.length - failed.length} of ${budgets.length} met.`);
  for (const entry of budgets) console.log(`  ${entry.pass ? "PASS" : "FAIL"}  ${entry.text}`);
  return failed.length;
}

export function writeJson(name, record) {
  fs.mkdirSync(tmpDir, { recursive: true });
  const file = path.join(tmpDir, name);
  fs.writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`\nJSON written to ${path.relative(process.cwd(), file)}`);
  return file;
}

/** `--name=value` options over defaults; a BENCH_NAME environment variable sets the same option. */
export function options(defaults) {
  const convert = (key, raw) =>
    typeof defaults[key] === "number" ? Number(raw) : typeof defaults[key] === "boolean" ? raw === "true" : raw;
  const parsed = { ...defaults };
  for (const key of Object.keys(defaults)) {
    const fromEnv = process.env[`BENCH_${key.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`];
    if (fromEnv !== undefined) parsed[key] = convert(key, fromEnv);
  }
  for (const argument of process.argv.slice(2)) {
    const match = /^--([\w-]+)(?:=(.*))?$/.exec(argument);
    if (!match) throw new Error(`Unknown argument ${argument}`);
    const key = match[1].replace(/-(\w)/g, (_, letter) => letter.toUpperCase());
    if (!(key in defaults))
      throw new Error(`Unknown option --${match[1]} (known: ${Object.keys(defaults).join(", ")})`);
    parsed[key] = convert(key, match[2] ?? "true");
  }
  return parsed;
}

export const formatBytes = (bytes) => (bytes === null ? null : `${(bytes / 1024).toFixed(1)}`);
export const formatMegabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
