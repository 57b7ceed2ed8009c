// The blog's rules shared by the server and the page.
import { formatDecimal } from "~/modules/format/numbers";

/** The post shown large at the top of /blog when it exists; otherwise the newest is. */
export const FEATURED_POST_SLUG = "segreti-stile-parigino";

export const COMMENT_AUTHOR_MAX_LENGTH = 80;
export const COMMENT_CONTENT_MAX_LENGTH = 2000;

export const blogMessages = {
  loadError: "Si è verificato un errore durante il caricamento degli articoli.",
  empty: "Nessun articolo disponibile al momento.",
  notFound: "Articolo non trovato",
  commentRequired: "Nome e commento sono obbligatori",
  commentFailed: "Impossibile inviare il commento.",
  commentSent: { title: "Commento inviato!", description: "Grazie per il tuo contributo." },
  ratingThanks: "Grazie per il tuo voto!",
} as const;

/** The featured post and the others (newest first, as given), which fill the category tabs. */
export function splitFeatured<Post extends { slug: string }>(posts: Post[]): { featured: Post | null; rest: Post[] } {
  const featured = posts.find((post) => post.slug === FEATURED_POST_SLUG) ?? posts[0] ?? null;
  return { featured, rest: posts.filter((post) => post !== featured) };
}

/** The categories of `posts`, each once, in Italian alphabetical order: one tab each. */
export function categoriesOf(posts: { category: string }[]): string[] {
  return [...new Set(posts.map((post) => post.category))].sort((a, b) => a.localeCompare(b, "it"));
}

/** 4.666 → "4,7" */
export function formatRating(average: number): string {
  return formatDecimal(Math.round(average * 10) / 10, 1);
}
