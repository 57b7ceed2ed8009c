import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** The app's own imports, read with a regular expression: every `import … from`, `export … from`,
 * `import "…"` and `import("…")` naming a relative path or `~/…`, type-only imports included. */

export const root = path.resolve(import.meta.dirname, "../..");

const importPattern =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;

function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) {
      if (name !== "node_modules" && name !== "migrations") found.push(...sourceFiles(full));
    } else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) found.push(full);
  }
  return found;
}

function resolve(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(root, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Each source file of `app/` and `server/` (tests left out: nothing imports them) and the app files it imports. */
export function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = [...sourceFiles(path.join(root, "app")), ...sourceFiles(path.join(root, "server"))].filter(
    (file) => !/\.test\.tsx?$/.test(file),
  );
  for (const file of files) {
    const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
    const imported = new Set<string>();
    for (const match of text.matchAll(importPattern)) {
      const target = resolve(file, (match[1] ?? match[2]) as string);
      if (target) imported.add(path.relative(root, target));
    }
    graph.set(path.relative(root, file), [...imported]);
  }
  return graph;
}

/** The module (`app/modules/<name>`) a file belongs to, if any. */
export function moduleOf(file: string): string | undefined {
  return /^app\/modules\/([^/]+)\//.exec(file)?.[1];
}

/** A module's value lists and stored shapes (`values.ts`), which app/db/schema.ts imports: a layer below the database. */
export function isValuesFile(file: string): boolean {
  return /^app\/modules\/[^/]+\/values\.ts$/.test(file);
}

/** The modules each module imports (itself left out); its `values.ts`, below every module, is no edge. */
export function moduleGraph(files: Map<string, string[]>): Map<string, string[]> {
  const graph = new Map<string, Set<string>>();
  for (const [file, imported] of files) {
    const from = moduleOf(file);
    if (!from) continue;
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const target of imported) {
      const to = moduleOf(target);
      if (to && to !== from && !isValuesFile(target)) targets.add(to);
    }
  }
  return new Map([...graph].map(([name, targets]) => [name, [...targets].sort()]));
}

/** The cycles of a graph: its strongly connected components of more than one node (Tarjan). */
export function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return components;
}
