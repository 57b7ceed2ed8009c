import { fileStoreContract } from "./file-store.contract";
import { memoryFileStore } from "./memory-file-store.server";
import { answerSignedFileLink } from "./signed-file-links.server";

const linkSecret = "a-secret-of-the-shop-for-these-tests";

fileStoreContract("memory", async () => {
  const store = memoryFileStore({ linkSecret });
  return {
    store,
    open: (url) => answerSignedFileLink(store, new URL(url, "http://negozio.test"), linkSecret, new Date()),
    cleanup: async () => {},
  };
});
