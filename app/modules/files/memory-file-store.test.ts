import { fileStoreContract } from "./file-store.contract";
import { memoryFileStore } from "./memory-file-store.server";

fileStoreContract("memory", async () => ({ store: memoryFileStore(), cleanup: async () => {} }));
