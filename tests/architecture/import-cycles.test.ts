import { describe, expect, it } from "vitest";
import { cycles, importGraph, isValuesFile, moduleGraph, moduleOf } from "./import-graph";

// Modules import downward only (docs/architecture.md, "Layers"): no file takes part in an import
// cycle, and no module (app/modules/<name>) reaches back, through any of its files, to a module
// that imports it. Type-only and dynamic imports count too. A module's values.ts (its value lists
// and stored shapes) sits below the database schema, which imports it, so it imports only its peers.

const files = importGraph();

describe("imports", () => {
  it("read every file of the app", () => {
    expect(files.size).toBeGreaterThan(300);
    expect(files.get("app/root.tsx")?.length).toBeGreaterThan(0);
  });

  it("form no cycle between files", () => {
    expect(cycles(files)).toEqual([]);
  });

  it("form no cycle between modules", () => {
    expect(cycles(moduleGraph(files))).toEqual([]);
  });

  it("reach a module's private files (named `_…`) only from inside that module", () => {
    const intruders = [...files].flatMap(([file, imported]) =>
      imported
        .filter((target) => /\/_[^/]*$/.test(target) && moduleOf(target) && moduleOf(target) !== moduleOf(file))
        .map((target) => `${file} -> ${target}`),
    );
    expect(intruders).toEqual([]);
  });

  it("of a module's values.ts reach only other values.ts (the database schema imports them)", () => {
    const values = [...files].filter(([file]) => isValuesFile(file));
    expect(values.length).toBeGreaterThan(0);
    expect(
      values.flatMap(([file, imported]) =>
        imported.filter((target) => !isValuesFile(target)).map((target) => `${file} -> ${target}`),
      ),
    ).toEqual([]);
  });
});

describe("the cycle check", () => {
  it("finds a cycle and leaves a chain alone", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
    ]);
    expect(cycles(graph)).toEqual([["a", "b", "c"]]);
    expect(
      cycles(
        new Map([
          ["a", ["b"]],
          ["b", []],
        ]),
      ),
    ).toEqual([]);
  });
});
