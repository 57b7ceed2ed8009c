// What the product images page's forms post and what they get back; shared by the action
// (images-actions.server.ts) and the page that shows the answer.

/** The longest alternative text an image may have. */
export const MAX_ALT_LENGTH = 200;

export const productImageIntents = ["upload", "move-up", "move-down", "save", "delete"] as const;
export type ProductImageIntent = (typeof productImageIntents)[number];

export type ProductImagesAnswer = {
  intent: ProductImageIntent | "unknown";
  ok: boolean;
  title: string;
  message: string;
  /** An upload refused: what is wrong with each file. */
  problems?: string[];
};
