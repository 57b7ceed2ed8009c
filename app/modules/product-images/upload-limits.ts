// How much staff may upload at once, shared by the upload checks and the body-size guard
// (server/request-guards.ts), so the two can never disagree.

/** One file: a phone's photo is 3-8 MB, a camera's JPEG up to about 12 MB. */
export const MAX_IMAGE_MEGABYTES = 15;
/** One form: several photos of a product and its colours. */
export const MAX_UPLOAD_MEGABYTES = 25;
export const MAX_IMAGES_PER_UPLOAD = 20;
/**
 * Pixels an image may have: 40 megapixels holds any camera's photo (a decoded 40 MP image takes
 * 160 MB of memory); beyond that it is a decompression bomb, refused from its header alone.
 */
export const MAX_IMAGE_MEGAPIXELS = 40;
/** The longest side kept: twice the widest rendition (1200 px), for high-density screens and zoom. */
export const STORED_LONGEST_SIDE = 2400;

const MEGABYTE = 1024 * 1024;
export const maxImageBytes = MAX_IMAGE_MEGABYTES * MEGABYTE;
export const maxUploadBytes = MAX_UPLOAD_MEGABYTES * MEGABYTE;
/** The body of an upload: the files plus the form's other fields and multipart boundaries. */
export const maxUploadBodyBytes = maxUploadBytes + 64 * 1024;

/** Said in the page, by the action, by the page's own check before sending, and after a refused post. */
export const uploadTooLargeMessage = `Le immagini scelte superano insieme ${MAX_UPLOAD_MEGABYTES} MB: caricale in più volte.`;
