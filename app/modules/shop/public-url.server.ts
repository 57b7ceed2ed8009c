import { config } from "~/config.server";

/** "/shop" → "https://negozio.example/shop", for canonical links, the sitemap and structured data. */
export function absoluteUrl(path: string): string {
  return `${config().publicUrl}${path}`;
}
