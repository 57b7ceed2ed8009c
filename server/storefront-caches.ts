import type pg from "pg";
import { type ChannelListener, listenToChannel } from "../app/db/listener.server";
import { forgetStorefrontCopies } from "../app/db/storefront-changes.server";
import { type ChangeScope, createGuestPageCache, type GuestPageCache } from "./guest-page-cache";

// Sent by the database itself on every committed change to what guests see (migrations 0018 and
// 0026): "catalogue" when the change was to the catalogue alone, "catalogue:<id>,<id>…" when it was
// to what guests see of those products' stock, nothing otherwise.
const channel = "storefront_changed";

function scopeOf(payload: string): ChangeScope {
  if (payload === "catalogue") return "catalogue";
  const products = /^catalogue:(\d+(?:,\d+)*)$/.exec(payload)?.[1];
  return products ? { products: products.split(",").map(Number) } : "everything";
}
const reconnectEveryMs = 5_000;

export type StorefrontCaches = { pages: GuestPageCache; stop: () => Promise<void> };

/**
 * What this process keeps of the storefront (guest pages, the filters' choices, the settings): what
 * a change may alter is forgotten at once, whichever instance or tool made it. While the
 * notifications cannot be followed (the database away) no page is served from the cache or kept in it.
 */
export async function startStorefrontCaches(pool: pg.Pool): Promise<StorefrontCaches> {
  let listener: ChannelListener | undefined;
  const pages = createGuestPageCache({ trusted: () => listener?.listening ?? false });
  const forget = (scope: ChangeScope) => {
    pages.clear(scope);
    // The filters' choices and the settings, in the app bundle's module instance as well as here.
    forgetStorefrontCopies();
  };
  listener = await listenToChannel(pool, channel, {
    name: "storefront caches",
    onNotification: (payload) => forget(scopeOf(payload)),
    // Changes made while the connection was down were never announced.
    onLost: () => forget("everything"),
  });
  const following = listener;
  const timer = setInterval(() => {
    if (!following.listening) void following.reconnect();
  }, reconnectEveryMs);
  timer.unref();
  return {
    pages,
    async stop() {
      clearInterval(timer);
      await following.stop();
    },
  };
}
