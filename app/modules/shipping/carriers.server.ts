import type { Config } from "~/config.server";
import type { Database } from "~/db/client.server";
import type { Carrier } from "./carrier";
import { glsCarrier } from "./gls.server";
import { sandboxCarrier } from "./sandbox.server";

/** GLS Italy when its four credentials are set (config.server.ts checks them); otherwise the built-in sandbox. */
export function carrierFor(config: Config, db: Database): Carrier {
  return config.gls ? glsCarrier(config.gls) : sandboxCarrier(db);
}
