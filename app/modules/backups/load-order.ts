/** A foreign key of `table` referring to `references`, as pg_catalog describes it. */
export type ForeignKey = { name: string; table: string; references: string; deferrable: boolean };

/**
 * The order in which a restore loads `tables` so that every row's referenced rows are already there:
 * each table after the tables its foreign keys name. A table referring to itself needs nothing (a
 * COPY's rows are checked at the end of the statement), and DEFERRABLE keys need nothing (the
 * restore defers them to its commit). A cycle of other keys has no such order: that is refused,
 * naming the keys to declare DEFERRABLE in a migration.
 */
export function loadOrder(tables: string[], foreignKeys: ForeignKey[]): string[] {
  const known = new Set(tables);
  const edges = foreignKeys.filter(
    (key) => key.table !== key.references && !key.deferrable && known.has(key.table) && known.has(key.references),
  );
  const waitingFor = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const key of edges) waitingFor.get(key.table)?.add(key.references);

  const order: string[] = [];
  let ready = [...tables].filter((table) => waitingFor.get(table)?.size === 0).sort();
  while (ready.length > 0) {
    order.push(...ready);
    for (const table of ready) waitingFor.delete(table);
    for (const needs of waitingFor.values()) for (const table of ready) needs.delete(table);
    ready = [...waitingFor.keys()].filter((table) => waitingFor.get(table)?.size === 0).sort();
  }
  if (waitingFor.size > 0) {
    // Tables waiting only behind a cycle are not part of it: peel off those no waiting table needs.
    const cycle = new Set(waitingFor.keys());
    let peeled = true;
    while (peeled) {
      peeled = false;
      for (const table of cycle) {
        if (![...cycle].some((other) => waitingFor.get(other)?.has(table))) {
          cycle.delete(table);
          peeled = true;
        }
      }
    }
    const stuck = edges.filter((key) => cycle.has(key.table) && cycle.has(key.references));
    throw new Error(
      `Tables ${[...cycle].sort().join(", ")} refer to each other through foreign keys that are not ` +
        `DEFERRABLE (${stuck.map((key) => key.name).join(", ")}), so no restore order exists: declare one of them ` +
        "DEFERRABLE in a migration.",
    );
  }
  return order;
}
