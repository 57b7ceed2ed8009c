import type { ActionResult } from "~/modules/forms/action-result";

// What the product images page's forms post and what they get back; shared by the action
// (images-actions.server.ts) and the page that shows the answer.

/** The longest alternative text an image may have. */
export const MAX_ALT_LENGTH = 200;

export type ProductImageIntent = "upload" | "move-up" | "move-down" | "save" | "delete";

/** `problems`: an upload refused, what is wrong with each file. */
export type ProductImagesResult = ActionResult<ProductImageIntent, { problems?: string[] }>;
