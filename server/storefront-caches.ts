import type pg from "pg";
import { type ChannelListener, listenToChannel } from "../app/db/listener.server";
import { forgetStorefrontCopies } from "../app/db/storefront-changes.server";
import { createGuestPageCache, type GuestPageCache } from "./guest-page-cache";

// Sent by the database itself on every committed change to what guests see (migration 0018).
const channel = "storefront_changed";
const reconnectEveryMs = 5_000;

export type StorefrontCaches = { pages: GuestPageCache; stop: () => Promise<void> };

/**
 * What this process keeps of the storefront (guest pages, the filters' choices, the settings),
 * forgotten at once on every change, whichever instance or tool made it. While the notifications
 * cannot be followed (the database away) no page is served from the cache or kept in it.
 */
export async function startStorefrontCaches(pool: pg.Pool): Promise<StorefrontCaches> {
  let listener: ChannelListener | undefined;
  const pages = createGuestPageCache({ trusted: () => listener?.listening ?? false });
  const forgetAll = () => {
    pages.clear();
    // The filters' choices and the settings, in the app bundle's module instance as well as here.
    forgetStorefrontCopies();
  };
  listener = await listenToChannel(pool, channel, {
    name: "storefront caches",
    onNotification: forgetAll,
    // Changes made while the connection was down were never announced.
    onLost: forgetAll,
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
