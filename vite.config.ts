import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { chunkModulesReport } from "./scripts/first-load-javascript.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), chunkModulesReport(fileURLToPath(new URL(".", import.meta.url)))],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
});
